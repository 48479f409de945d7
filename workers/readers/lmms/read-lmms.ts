/**
 * Reads an LMMS project (`.mmp`: XML; `.mmpz`: the same XML through Qt's qCompress; and LMMS's `.bak` copies of
 * either) into ProjectMeta (FORMATS-MORE.md, LMMS). The file is read whole under a size cap, a `.mmpz` inflated under
 * its own cap (`qcompress.ts`), and the XML walked once, held to XML's well-formedness, with depth, element and string
 * caps (`../bounded-xml.ts`). LMMS writes a bare DOCTYPE in every file (`lmms-project`, before 1.0
 * `multimedia-project`): those are accepted, any other (where entities would be declared) refused. What the project holds is read by `lmms-project.ts`.
 *
 * Which layout a file has is told by its name, as LMMS tells it: a `.mmpz` that is not zlib, or an `.mmp` that is not
 * XML, is refused. LMMS stores no key and no sample rate (both are its settings, not the song's).
 */
import path from 'node:path';
import type { ProjectMeta } from '../../../common/projects/project-meta';
import { walkXml, XmlRejected } from '../bounded-xml';
import { scanListedProject } from '../project-lists';
import { LmmsProjectVisitor } from './lmms-project';
import { QCompressRejected, qUncompress } from './qcompress';

/** Far above a real project (the fixtures are 25 KB compressed, 62 KB plain), as the other readers' caps. */
export const MAX_LMMS_FILE_BYTES = 64 * 1024 * 1024;

/**
 * LMMS 1.0 and later write `<!DOCTYPE lmms-project>` around `<lmms-project>`; 0.4 wrote `multimedia-project` for both
 * (LMMS/lmms tests/emptyproject.mmp), and 0.1 to 0.3 the same DOCTYPE around `<multimediaproject>` (its mmp.cpp).
 */
const LMMS_XML = {
  kind: 'an LMMS project',
  roots: ['lmms-project', 'multimedia-project', 'multimediaproject'],
  doctype: /^\s*(lmms-project|multimedia-project)\s*$/,
} as const;
const COMPRESSED_NAME = /\.mmpz(\.bak)?$/i;

/** `home`: the folder `local:` sample paths count from, for a copy kept elsewhere (a snapshot). Default: the file's. */
export async function readLmms(filePath: string, home?: string): Promise<ProjectMeta> {
  const { facts, lists } = await scanListedProject(
    filePath,
    { maxBytes: MAX_LMMS_FILE_BYTES, what: 'LMMS project' },
    (bytes, lists) => {
      const project = new LmmsProjectVisitor(lists);
      walkXml(COMPRESSED_NAME.test(filePath) ? qUncompress(bytes) : bytes, LMMS_XML, project);
      return project.finish();
    },
    [QCompressRejected, XmlRejected],
  );
  return lists.finish(
    {
      daw: 'lmms',
      dawVersion: facts.version === null ? null : `LMMS ${facts.version}`,
      tempo: facts.tempo,
      tempoAutomated: facts.tempoChanges,
      timeSignature: facts.timeSignature,
      key: null,
      sampleRate: null,
    },
    home ?? path.dirname(path.resolve(filePath)),
  );
}
