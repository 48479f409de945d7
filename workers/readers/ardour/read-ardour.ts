/**
 * Reads an Ardour session (`<name>.ardour`, XML) into ProjectMeta (FORMATS-MORE.md, Ardour). The file is read whole
 * under a size cap and walked once, held to XML's well-formedness, with depth, element and string caps
 * (`../bounded-xml.ts`); a DOCTYPE is refused, as the Live reader refuses one. What the session holds is read by `ardour-session.ts`. Anything that is
 * not a readable session throws UnreadableFileError with a short reason, and the scan goes on.
 *
 * Ardour stores no key. The snapshots, `.pending`, `.bak` and `.history` files beside a session are versions or parts
 * of it (FORMATS-MORE.md): choosing which file is the song is the scan's, not this reader's.
 */
import path from 'node:path';
import type { ProjectMeta } from '../../../common/projects/project-meta';
import { scanListedProject } from '../project-lists';
import { ArdourSessionVisitor } from './ardour-session';
import { walkXml, XmlRejected } from '../bounded-xml';

/** Far above a real session (a large one is a few megabytes), as the other readers' caps. */
export const MAX_ARDOUR_BYTES = 64 * 1024 * 1024;

const ARDOUR_XML = { kind: 'an Ardour session', roots: ['Session'] } as const;

/** `home`: the session's folder, where `interchange/` is, for a copy kept elsewhere (a snapshot). Default: the file's. */
export async function readArdour(filePath: string, home?: string): Promise<ProjectMeta> {
  const sessionName = path.basename(filePath).replace(/\.[^.]*$/, '');
  const { facts, lists } = await scanListedProject(
    filePath,
    { maxBytes: MAX_ARDOUR_BYTES, what: 'session file' },
    (bytes, lists) => {
      const session = new ArdourSessionVisitor(lists, sessionName);
      walkXml(bytes, ARDOUR_XML, session);
      return session.finish();
    },
    [XmlRejected],
  );
  return lists.finish(
    {
      daw: 'ardour',
      dawVersion: versionText(facts.program, facts.version),
      tempo: facts.tempo,
      tempoAutomated: facts.tempoChanges,
      timeSignature: facts.timeSignature,
      key: null,
      sampleRate: facts.sampleRate,
    },
    home ?? path.dirname(path.resolve(filePath)),
  );
}

/** "Ardour 8.4.0 (session 7003)" where the program is named (Ardour 6 on), else "Ardour session 3001". */
function versionText(program: string | null, version: string | null): string | null {
  if (program !== null) return version === null ? program : `${program} (session ${version})`;
  return version === null ? null : `Ardour session ${version}`;
}
