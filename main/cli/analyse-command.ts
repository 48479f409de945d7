/**
 * `analyse <file-or-folder>`: the audio analysis of each audio file (a folder is walked by the scan's rules), run in
 * the worker pool exactly as the app runs it, printed as `{ files: [...], errors: [...] }`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AudioAnalysis } from '../../common/audio/audio-analysis';
import { scanEntryRole } from '../../common/projects/scan-paths';
import type { WorkerPool } from '../jobs/pool';

/** A file's figures as `cli analyse` prints them: the analysis's own fields (documented there), its waveform left out. */
export type AnalysedFile = { path: string } & Pick<AudioAnalysis, 'bpm' | 'bpmConfidence' | 'bpmAlternative' | 'key' | 'keyConfidence' | 'keyAlternative' | 'lufs' | 'truePeak' | 'durationS'>;

export interface AnalyseReport {
  files: AnalysedFile[];
  errors: { path: string; reason: string }[];
}

export async function runAnalyseCommand(pool: WorkerPool, target: string): Promise<AnalyseReport> {
  const report: AnalyseReport = { files: [], errors: [] };
  const files = await audioFilesAt(target, report);
  // As many at once as the pool has threads: each is one ffmpeg decode and its analysis.
  const results = await Promise.all(files.map(async (file) => ({ file, outcome: await pool.run({ kind: 'analyse-audio', path: file }) })));
  for (const { file, outcome } of results) {
    if (!outcome.ok) {
      report.errors.push({ path: file, reason: outcome.reason });
      continue;
    }
    const { bpm, bpmConfidence, bpmAlternative, key, keyConfidence, keyAlternative, lufs, truePeak, durationS } = outcome.value.analysis;
    const seconds = { ...(bpmAlternative !== undefined ? { bpmAlternative } : {}), ...(keyAlternative !== undefined ? { keyAlternative } : {}) };
    report.files.push({ path: file, bpm, bpmConfidence, key, keyConfidence, lufs, truePeak, durationS, ...seconds });
  }
  return report;
}

async function audioFilesAt(target: string, report: AnalyseReport): Promise<string[]> {
  const stats = await fs.stat(target).catch(() => null);
  if (!stats) {
    report.errors.push({ path: target, reason: 'No such file or folder.' });
    return [];
  }
  if (stats.isFile()) return [target];
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch((error: Error) => {
      report.errors.push({ path: folder, reason: error.message });
      return [];
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      const role = scanEntryRole(entry.name, entry.isDirectory());
      if (role === 'folder') await walk(full);
      else if (role === 'audio' && entry.isFile()) found.push(full);
    }
  };
  await walk(target);
  return found;
}
