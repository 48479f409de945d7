/**
 * Reads a REAPER project (`.rpp`, and REAPER's `.rpp-bak` copy of the previous save, which is laid out the same) into
 * ProjectMeta (FORMATS-MORE.md, REAPER). The file is read whole under a size cap and scanned once, line by line
 * (`rpp-scanner.ts`). Anything that is not a readable project throws UnreadableFileError with a short reason, and the
 * scan goes on.
 *
 * What REAPER does not store is unknown: no key. The tempo is the project's `TEMPO`; with tempo markers it is the
 * base tempo and `tempoAutomated` is set.
 */
import path from 'node:path';
import type { ProjectMeta } from '../../../common/projects/project-meta';
import { scanListedProject } from '../project-lists';
import { RppRejected, scanRpp } from './rpp-scanner';

/** Far above a real project (a large one with plug-in states is a few megabytes), as the other readers' caps. */
export const MAX_RPP_BYTES = 64 * 1024 * 1024;

/** `home`: the folder relative sample paths count from, for a copy kept elsewhere (a snapshot). Default: the file's. */
export async function readReaper(filePath: string, home?: string): Promise<ProjectMeta> {
  const { facts, lists } = await scanListedProject(filePath, { maxBytes: MAX_RPP_BYTES, what: 'REAPER project' }, scanRpp, [RppRejected]);
  return lists.finish(
    {
      daw: 'reaper',
      dawVersion: facts.version === null ? null : `REAPER ${facts.version}`,
      tempo: facts.tempo,
      tempoAutomated: facts.tempoChanges,
      timeSignature: facts.timeSignature,
      key: null,
      sampleRate: facts.sampleRate,
    },
    home ?? path.dirname(path.resolve(filePath)),
  );
}
