// The analysis cache follows the songs (issue 18): an analysis and its waveform go when no song's audio is that
// file any more, and waveform files nothing names are removed; what the songs use stays.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findAnalysis } from '../../db/repositories/audio-analyses';
import { getSongs } from '../../db/repositories/songs';
import { tempDir } from '../../db/test-support';
import { synthGroove } from '../../fixtures/generators/audio-corpus';
import { writeSignalWav } from '../../fixtures/generators/wav';
import { ANALYSIS_VERSION } from '../../common/audio/audio-analysis';
import { call, createTestCore, type TestCore } from '../test-support';
import { sweepAnalysisCache } from './analysis-cache';
import { waveformFile } from './waveforms';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
});

const fingerprintOf = (core: TestCore, name: string) =>
  (getSongs(core.db).find((song) => song.name === name)?.meta.analysis as { fingerprint?: string } | undefined)?.fingerprint;

describe('sweepAnalysisCache', () => {
  it('forgets the analysis and waveform of a bounce overwritten by a new one, and keeps those the songs use', async () => {
    const folder = tempDir('songshelf-bounces-');
    writeSignalWav(path.join(folder, 'Kept.wav'), synthGroove({ bpm: 100, durationS: 5 }), 44_100);
    writeSignalWav(path.join(folder, 'Gone.wav'), synthGroove({ bpm: 120, durationS: 5, seed: 2 }), 44_100);
    const core = createTestCore(tempDir());
    cores.push(core);
    await core.start();
    await core.library.watchDirectory(folder);
    await core.runner.whenIdle();
    const kept = fingerprintOf(core, 'Kept')!;
    const gone = fingerprintOf(core, 'Gone')!;
    expect(fs.existsSync(waveformFile(core.dataDir, gone))).toBe(true);

    const goneSong = getSongs(core.db).find((song) => song.name === 'Gone')!;
    await call(core, 'db:delete-song', { id: goneSong.id });
    // A song from a watched folder is hidden, not deleted: its audio is still the song's, and its analysis stays.
    expect((await sweepAnalysisCache(core.db, core.dataDir)).forgotten).toBe(0);
    // Bounced again under the same name: the song's audio is a new file, the old analysis nobody's.
    writeSignalWav(path.join(folder, 'Gone.wav'), synthGroove({ bpm: 124, durationS: 5, seed: 3 }), 44_100);
    await call(core, 'scanDirectory', { id: core.library.list()[0]!.id });
    await core.runner.whenIdle();
    expect(fingerprintOf(core, 'Gone')).not.toBe(gone);

    const waveforms = path.join(core.dataDir, 'waveforms');
    const stray = path.join(waveforms, `${'ab'.repeat(32)}.dat`);
    const part = path.join(waveforms, `${kept}.dat.part`);
    const fresh = path.join(waveforms, `${'cd'.repeat(32)}.dat`);
    for (const file of [stray, part, fresh]) fs.writeFileSync(file, 'x');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(stray, anHourAgo, anHourAgo);
    fs.utimesSync(part, anHourAgo, anHourAgo);

    const swept = await sweepAnalysisCache(core.db, core.dataDir);
    expect(swept).toEqual({ forgotten: 1, filesRemoved: 3 });
    expect(findAnalysis(core.db, gone, ANALYSIS_VERSION)).toBeNull();
    expect(fs.existsSync(waveformFile(core.dataDir, gone))).toBe(false);
    expect(findAnalysis(core.db, kept, ANALYSIS_VERSION)).not.toBeNull();
    expect(fs.existsSync(waveformFile(core.dataDir, kept))).toBe(true);
    // Younger than a minute: its analysis may be on its way.
    expect(fs.existsSync(fresh)).toBe(true);
    expect(fs.existsSync(stray)).toBe(false);
    expect(fs.existsSync(part)).toBe(false);
  });
});
