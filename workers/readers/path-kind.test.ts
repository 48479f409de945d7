// The existence checks of sample candidates and package folders answer "no" for whatever cannot be used from here,
// and never throw: a hostile or broken path must not fail the read of the project that names it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { isFileAt, isFolderAt } from './path-kind';

let workDir: string;

beforeEach(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-path-kind-'));
});

describe('isFileAt and isFolderAt', () => {
  it('tell a regular file from a folder', () => {
    const file = path.join(workDir, 'kick.wav');
    fs.writeFileSync(file, 'RIFF');
    expect([isFileAt(file), isFolderAt(file)]).toEqual([true, false]);
    expect([isFileAt(workDir), isFolderAt(workDir)]).toEqual([false, true]);
  });

  it('answer no for a missing path, a path through a file, a name too long and a loop of links', () => {
    const file = path.join(workDir, 'kick.wav');
    fs.writeFileSync(file, 'RIFF');
    const loop = path.join(workDir, 'loop');
    fs.symlinkSync(loop, loop);
    for (const candidate of [path.join(workDir, 'gone.wav'), path.join(file, 'inside.wav'), path.join(workDir, 'x'.repeat(5000)), loop]) {
      expect([isFileAt(candidate), isFolderAt(candidate)]).toEqual([false, false]);
    }
  });

  it.skipIf(process.platform === 'win32')('answer no for a FIFO, without opening it', () => {
    const fifo = path.join(workDir, 'kick.wav');
    execFileSync('mkfifo', [fifo]);
    expect([isFileAt(fifo), isFolderAt(fifo)]).toEqual([false, false]);
  });
});
