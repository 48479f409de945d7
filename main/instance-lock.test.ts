// One process per library, also when several start at once on a lock left by a crash: they race to take it over, and
// exactly one wins. Real processes (the module bundled, as the CLI is), started on the same instant by a shared clock.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { libraryOpenElsewhere } from '../common/messages';
import { tempDir } from '../db/test-support';
import { acquireInstanceLock, LOCK_FILE_NAME } from './instance-lock';

const RACERS = 6;
const ROUNDS = 5;

/** A process that takes the lock at `startAt` (a busy wait: all of them leave it together), says how it went, and holds on. */
const RACER_SOURCE = `
import { acquireInstanceLock } from './instance-lock';
const [dataDir, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {}
try {
  acquireInstanceLock(dataDir);
  process.stdout.write('won\\n');
} catch (error) {
  process.stdout.write('refused ' + (error instanceof Error ? error.message : String(error)) + '\\n');
}
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
`;

let racerFile: string;
const racers: ChildProcessWithoutNullStreams[] = [];

beforeAll(() => {
  racerFile = path.join(tempDir('songshelf-lock-racer-'), 'racer.mjs');
  buildSync({ stdin: { contents: RACER_SOURCE, resolveDir: import.meta.dirname, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', outfile: racerFile, logLevel: 'error' });
});

afterEach(async () => {
  await Promise.all(
    racers.splice(0).map(
      (racer) =>
        new Promise<void>((resolve) => {
          if (racer.exitCode !== null) return resolve();
          racer.once('exit', () => resolve());
          racer.stdin.end();
        }),
    ),
  );
});

/** A pid no process has now: one that ran and ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid;
}

function firstLine(racer: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    racer.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    racer.once('exit', () => resolve(text));
  });
}

describe('the instance lock', () => {
  it('lets exactly one of several processes take over a dead holder’s lock, and refuses the others with the winner’s pid', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const dataDir = tempDir('songshelf-lock-race-');
      fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), String(deadPid()));
      const startAt = Date.now() + 1500;
      const started = Array.from({ length: RACERS }, () => spawn(process.execPath, [racerFile, dataDir, String(startAt)]));
      racers.push(...started);
      const answers = await Promise.all(started.map(firstLine));
      const winners = started.filter((_racer, index) => answers[index] === 'won');
      expect({ round, winners: winners.length }).toEqual({ round, winners: 1 });
      const winner = winners[0]!.pid!;
      expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(winner));
      expect(answers.filter((answer) => answer !== 'won')).toEqual(Array.from({ length: RACERS - 1 }, () => `refused ${libraryOpenElsewhere(dataDir, winner)}`));
      await Promise.all(racers.splice(0).map((racer) => new Promise((resolve) => racer.once('exit', resolve).stdin.end())));
    }
  }, 120_000);

  it('takes over a dead holder’s lock, says so, and leaves only its own lock behind when released', () => {
    const dataDir = tempDir('songshelf-lock-');
    fs.writeFileSync(path.join(dataDir, LOCK_FILE_NAME), String(deadPid()));
    const lock = acquireInstanceLock(dataDir);
    expect(lock.tookOverFromCrash).toBe(true);
    expect(fs.readdirSync(dataDir)).toEqual([LOCK_FILE_NAME]);
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it('takes an absent lock without calling it a takeover, and over a lock whose content is not a pid', () => {
    const fresh = tempDir('songshelf-lock-');
    const first = acquireInstanceLock(fresh);
    expect(first.tookOverFromCrash).toBe(false);
    first.release();
    const garbled = tempDir('songshelf-lock-');
    fs.writeFileSync(path.join(garbled, LOCK_FILE_NAME), '');
    const second = acquireInstanceLock(garbled);
    expect(fs.readFileSync(path.join(garbled, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
    second.release();
  });
});
