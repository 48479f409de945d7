/**
 * What `openPath` may hand the OS. The OS opens a file with the program its kind names, and some kinds are programs
 * themselves (`.exe`, `.bat`, `.lnk`, `.command`, a `.app` folder): only the sessions and audio Songshelf knows are
 * opened, in the DAW or player the user chose for them. Decided on the resolved path, so a link named `mix.wav` that
 * leads to a script is refused.
 */
import path from 'node:path';
import { PACKAGE_EXTENSIONS, SESSION_EXTENSIONS, extensionOf } from '../../common/projects/file-kinds';
import { AUDIO_CONTENT_TYPES } from '../../common/audio/media';

/** A session file of a DAW Songshelf reads (`common/projects/file-kinds.ts`), audio of a kind the player plays, or a `.logicx`/`.band` package folder. */
export function isOpenable(target: string, kind: { isFile: boolean; isDirectory: boolean }): boolean {
  const extension = extensionOf(path.basename(target));
  if (kind.isDirectory) return Object.hasOwn(PACKAGE_EXTENSIONS, extension);
  if (!kind.isFile) return false;
  return Object.hasOwn(SESSION_EXTENSIONS, extension) || Object.hasOwn(AUDIO_CONTENT_TYPES, extension.slice(1));
}
