/**
 * FL Studio's own sample paths, fed to every reader's lookup (`../sample-paths.ts`). FL writes each channel's sample
 * as an absolute path (196), or one under a folder of its own install (`%FLStudioFactoryData%\…`,
 * `%FLStudioUserData%\…`); a project moved with its samples finds them in its own folder. So a sample is found at its
 * path, else by its file name in the project's folder, and missing when neither exists.
 *
 * Never looked up: an FL folder variable names a place only FL knows (reported as written, and not missing: it is
 * not known to be absent), and a network path is reported as written and missing unless its file is in the
 * project's folder.
 */
import path from 'node:path';
import { isLocalAbsolute, resolveSamples, statedPath, type SampleFiles, type SampleRef } from '../sample-paths';

/** `%FLStudioFactoryData%`, `%FLStudioUserData%`: resolved by FL from its own settings. */
const FL_FOLDER_VARIABLE = /^%[A-Za-z0-9_]+%/;

/** `written`: each path once, as the project states it. `home`: the folder the project counts from. */
export function resolveFlSamples(home: string, written: readonly string[]): SampleFiles {
  return resolveSamples(written.map((sample) => sampleRef(home, sample)));
}

function sampleRef(home: string, written: string): SampleRef {
  if (FL_FOLDER_VARIABLE.test(written)) return { candidates: [], shown: written, dawFolder: true };
  const stated = statedPath(home, written);
  const beside = besideProject(home, written);
  // A path this system cannot look up (another system's, a server's) is reported as FL wrote it.
  return { candidates: beside === null ? [stated] : [stated, beside], shown: isLocalAbsolute(stated) ? stated : written };
}

/** The sample's file name in the project's folder; none for a name that is a folder step (`..`) or empty. */
function besideProject(home: string, written: string): string | null {
  const name = written.split(/[\\/]/).pop() ?? '';
  if (name === '' || name === '.' || name === '..' || name.includes('\0')) return null;
  return path.join(home, name);
}
