// A FIFO named like a project file (a hostile or broken folder, a file swapped after the scan listed it) must never
// hold a worker: opening one for reading waits for a writer for ever. Every reader that opens a file under a watched
// folder refuses it at once, with the reason, and reads regular files as before.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { installedNames } from '../../common/projects/plugins';
import { UnreadableFileError } from '../../common/projects/project-meta';
import { decodeInProcess } from '../analysis/decode-in-process';
import { findPlugins } from '../plugins/find-plugins';
import { readAls } from './als/read-als';
import { readBitwig } from './bitwig/read-bitwig';
import { BoundedReadError, openProjectFile, readBoundedFile, readProjectFile } from './bounded-file';
import { readDawproject } from './dawproject/read-dawproject';
import { logicProjectPlugins } from './logic/project-plugins';
import { readPlistFile } from './logic/plist-file';
import { PlistFormatError } from './logic/plist-value';
import { readProTools } from './protools/read-protools';
import { readStudioOne } from './studioone/read-studioone';

const fifos: string[] = [];

/** A folder of its own under the run's temporary folder (vitest's setup points TMPDIR at one it removes). */
function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** What `read` throws (it must throw): the readers' file calls are synchronous. */
function thrownBy(read: () => unknown): unknown {
  try {
    read();
  } catch (error) {
    return error;
  }
  throw new Error('expected the read to throw');
}

/** A real FIFO at `file`: what `mkfifo` makes (Node has no call for it). */
function fifoAt(file: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync('mkfifo', [file]);
  fifos.push(file);
  return file;
}

// Where a reader still opens a FIFO as a file (before the fix), its open waits for a writer: one is opened and closed
// here, so a failing test ends instead of holding the pool's threads.
afterEach(() => {
  for (const fifo of fifos.splice(0)) {
    try {
      fs.closeSync(fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
    } catch {
      // ENXIO: no reader is waiting on it, which is the fixed behaviour.
    }
  }
});

describe.skipIf(process.platform === 'win32')('a FIFO named like a file a reader opens', () => {
  it('is refused by readBoundedFile as not a regular file, and a regular file is still read', async () => {
    const folder = tempDir('songshelf-fifo-');
    const fifo = fifoAt(path.join(folder, 'Session.ptx'));
    expect(thrownBy(() => readBoundedFile(fifo, 1024, 'session'))).toEqual(new BoundedReadError('is a pipe (FIFO), not a file'));
    fs.writeFileSync(path.join(folder, 'Real.ptx'), 'bytes');
    expect(readBoundedFile(path.join(folder, 'Real.ptx'), 1024, 'session').toString()).toBe('bytes');
  });

  it('is a Pro Tools session that cannot be read', async () => {
    const fifo = fifoAt(path.join(tempDir('songshelf-fifo-'), 'Mix.ptx'));
    await expect(readProTools(fifo)).rejects.toThrow(/is a pipe \(FIFO\), not a file/);
  });

  it('is a Studio One song, a DAWproject and a Bitwig project that cannot be read', async () => {
    const folder = tempDir('songshelf-fifo-');
    await expect(readStudioOne(fifoAt(path.join(folder, 'Song.song')))).rejects.toEqual(new UnreadableFileError(path.join(folder, 'Song.song'), 'is a pipe (FIFO), not a file'));
    await expect(readDawproject(fifoAt(path.join(folder, 'Song.dawproject')))).rejects.toThrow(/is a pipe \(FIFO\), not a file/);
    await expect(readBitwig(fifoAt(path.join(folder, 'Song.bwproject')))).rejects.toThrow(/is a pipe \(FIFO\), not a file/);
  });

  it('is a Live set that cannot be read', async () => {
    const fifo = fifoAt(path.join(tempDir('songshelf-fifo-'), 'Song.als'));
    await expect(readAls(fifo)).rejects.toThrow(/is a pipe \(FIFO\), not a file/);
  });

  it('is a Logic ProjectData with no plug-ins read, and a plist that cannot be read', async () => {
    const alternative = path.join(tempDir('songshelf-fifo-'), 'Song.logicx', 'Alternatives', '000');
    expect(logicProjectPlugins(fifoAt(path.join(alternative, 'ProjectData')))).toBeNull();
    expect(thrownBy(() => readPlistFile(fifoAt(path.join(alternative, 'MetaData.plist'))))).toEqual(new PlistFormatError('is a pipe (FIFO), not a file'));
  });

  it('is a plug-in whose Info.plist or moduleinfo.json declares nothing: known by its file name', async () => {
    const au = tempDir('songshelf-fifo-au-');
    const vst3 = tempDir('songshelf-fifo-vst3-');
    fifoAt(path.join(au, 'Pro-Q 3.component', 'Contents', 'Info.plist'));
    fifoAt(path.join(vst3, 'Diva.vst3', 'Contents', 'Resources', 'moduleinfo.json'));
    const found = await findPlugins([
      { format: 'AU', path: au, scope: 'user' },
      { format: 'VST3', path: vst3, scope: 'user' },
    ]);
    expect(found.errors).toEqual([]);
    expect(found.plugins.map((plugin) => [plugin.format, path.basename(plugin.path), plugin.names])).toEqual([
      ['AU', 'Pro-Q 3.component', installedNames('Pro-Q 3')],
      ['VST3', 'Diva.vst3', installedNames('Diva')],
    ]);
  });

  it('is audio the analysis cannot read, even when it was checked as a file before it became a FIFO', async () => {
    const fifo = fifoAt(path.join(tempDir('songshelf-fifo-'), 'Bounce.wav'));
    const outcome = await decodeInProcess({ path: fifo, kind: 'wav' }, { timeLimitMs: 10_000 });
    expect(outcome).toEqual({ ok: false, reason: 'The file could not be read: it is a pipe (FIFO), not a file.' });
  });
});

describe('a project reader opening its file', () => {
  it('answers a file it cannot open or read with an UnreadableFileError giving the reason', async () => {
    const folder = tempDir('songshelf-project-file-');
    const big = path.join(folder, 'Big.rpp');
    fs.writeFileSync(big, 'x'.repeat(10));
    expect(thrownBy(() => readProjectFile(path.join(folder, 'Gone.rpp'), 100, 'project'))).toEqual(new UnreadableFileError(path.join(folder, 'Gone.rpp'), 'is missing'));
    expect(thrownBy(() => readProjectFile(big, 5, 'project'))).toMatchObject({ reason: '10 bytes, more than the 5 a project may have' });
    expect(thrownBy(() => openProjectFile(folder))).toMatchObject({ reason: 'is a folder, not a file' });
    expect(thrownBy(() => readProjectFile(folder, 100, 'project'))).toMatchObject({ reason: 'is a folder, not a file' });
    expect(readProjectFile(big, 10, 'project').length).toBe(10);
  });
});
