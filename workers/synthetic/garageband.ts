/**
 * Writes synthetic GarageBand `.band` packages for tests and benchmarks. A `.band` package is laid out as a `.logicx`
 * one (FORMATS-MORE.md), so the Logic writer lays it out and writes its plists; GarageBand's version and, when asked,
 * its autosave folder inside the package (`Alternatives/000/Autosave/`) are what differ.
 *
 *   Name.band/Resources/ProjectInformation.plist    LastSavedFrom "GarageBand 10.4.11 (5961)"
 *   Name.band/Alternatives/000/MetaData.plist
 *   Name.band/Alternatives/000/Autosave/Name.songData   (opaque; never a song)
 *   Name.band/Media/Audio Files/*.wav
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeLogicx, type LogicxOptions } from './logicx';

/** GarageBand keeps its media in the package: no project-folder layout. */
export interface GarageBandOptions extends Omit<LogicxOptions, 'projectFolder'> {
  /** Write an autosave file inside the package, as GarageBand does while a song is open. Default false. */
  autosave?: boolean;
}

export const GARAGEBAND_SAVED_BY = 'GarageBand 10.4.11 (5961)';

const OPAQUE_AUTOSAVE = Buffer.from('\u0000synthetic GarageBand autosave, opaque to readers\u0000'.repeat(8), 'latin1');

export async function writeGarageBand(packagePath: string, options: GarageBandOptions = {}): Promise<void> {
  const { autosave = false, ...logicOptions } = options;
  await writeLogicx(packagePath, { ...logicOptions, savedBy: options.savedBy ?? GARAGEBAND_SAVED_BY });
  if (!autosave) return;
  const folder = path.join(packagePath, 'Alternatives', options.alternative ?? '000', 'Autosave');
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, `${path.basename(packagePath, path.extname(packagePath))}.songData`), OPAQUE_AUTOSAVE);
}
