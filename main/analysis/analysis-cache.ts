/**
 * Keeps the analysis cache (`audio_analyses` and `<data>/waveforms/`) to the songs there are: once a day, and a
 * while after the app starts (never in the way of opening it), the analyses no song's audio is any more are
 * forgotten with their waveforms, and waveform files no analysis names (a crash between the two writes, a `.part`
 * left behind) are removed. A bounce that comes back later is heard again: seconds of work, against a cache that
 * would otherwise grow by a waveform for every file that ever passed through a watched folder.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { inTransaction, type Db } from '../../db/handle';
import { deleteAnalyses, isAnalysisStored, unreferencedAnalyses } from '../../db/repositories/audio-analyses';
import { isFingerprint, waveformFile, WAVEFORMS_FOLDER } from './waveforms';

/** The first sweep after the app starts, and the time between sweeps. */
export const ANALYSIS_SWEEP_DELAY_MS = 2 * 60 * 1000;
export const ANALYSIS_SWEEP_EVERY_MS = 24 * 60 * 60 * 1000;

export interface AnalysisSweep {
  forgotten: number;
  filesRemoved: number;
}

export async function sweepAnalysisCache(db: Db, dataDir: string): Promise<AnalysisSweep> {
  const unused = inTransaction(db, () => {
    const fingerprints = unreferencedAnalyses(db);
    deleteAnalyses(db, fingerprints);
    return fingerprints;
  });
  let filesRemoved = 0;
  const remove = async (file: string) => {
    const removed = await fs.unlink(file).then(() => true, () => false);
    if (removed) filesRemoved += 1;
  };
  for (const fingerprint of unused) await remove(waveformFile(dataDir, fingerprint));
  const folder = path.join(dataDir, WAVEFORMS_FOLDER);
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  for (const name of names) {
    const fingerprint = name.endsWith('.dat') ? name.slice(0, -'.dat'.length) : null;
    // The analysis is written after its waveform: a file younger than a minute may be waiting for its row.
    if (fingerprint !== null && isFingerprint(fingerprint) && isAnalysisStored(db, fingerprint)) continue;
    const stat = await fs.stat(path.join(folder, name)).catch(() => null);
    if (stat?.isFile() && Date.now() - stat.mtimeMs > 60_000) await remove(path.join(folder, name));
  }
  return { forgotten: unused.length, filesRemoved };
}
