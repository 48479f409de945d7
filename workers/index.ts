/**
 * The worker threads' entry: one function per task kind, each a pure function of its input (the files it
 * reads, or writes for compression). A file that cannot be read answers `{ ok: false, reason }`; only a bug throws.
 */
import os from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { extensionOf } from '../common/projects/file-kinds';
import { UnreadableFileError, type Daw, type ProjectMeta } from '../common/projects/project-meta';
import { VERSION_FILE_MAX_BYTES } from '../common/projects/project-versions';
import { ffmpegTimeLimitMs, type ReadOutcome, type WalkResult, type WorkerResults, type WorkerTask } from '../common/bridge/worker-tasks';
import fs from 'node:fs/promises';
import { analyseAudio } from './analysis/analyse-audio';
import { compressAudio } from './compress/compress-audio';
import { readAls } from './readers/als/read-als';
import { readAudio } from './readers/audio/read-audio';
import { readLogicx } from './readers/logic/read-logicx';
import { withUnpackedSession } from './readers/gzipped-session';
import { readProTools } from './readers/protools/read-protools';
import { readFlStudio } from './readers/flstudio/read-flstudio';
import { readCubase } from './readers/cubase/read-cubase';
import { readGarageBand } from './readers/garageband/read-garageband';
import { readReaper } from './readers/reaper/read-reaper';
import { readArdour } from './readers/ardour/read-ardour';
import { readLmms } from './readers/lmms/read-lmms';
import { readStudioOne } from './readers/studioone/read-studioone';
import { readDawproject } from './readers/dawproject/read-dawproject';
import { readBitwig } from './readers/bitwig/read-bitwig';
import { findPlugins } from './plugins/find-plugins';
import { walkHelperCount, walkHelpers, walkInParallel } from './scan/parallel-walk';
import { writeDemo } from './synthetic/write-demo';
import { lowerThisThread } from './thread-priority';

// Loaded once per worker thread: from here on the thread yields to the app's own.
lowerThisThread();

/**
 * A task as the pool posts it. A compression also brings a port on which the pool says when to stop: the pool
 * ends a thread to stop other tasks, but that would leave ffmpeg, a process of its own, running.
 */
export type WorkerRequest = WorkerTask & { cancel?: MessagePort; parts?: MessagePort };

export default async function runTask(task: WorkerRequest): Promise<WorkerResults[WorkerTask['kind']]> {
  switch (task.kind) {
    case 'ping':
      return 'pong';
    case 'walk':
      return walkInParts(task.root, task.parts);
    case 'find-plugins':
      return findPlugins(task.folders);
    case 'read-project':
      return outcome(() =>
        task.gzipped
          ? withUnpackedSession(task.path, extensionOf(task.path.replace(/\.gz$/, '')), VERSION_FILE_MAX_BYTES, (unpacked) => readProject(unpacked, task.daw, task.version, task.home))
          : readProject(task.path, task.daw, task.version, task.home),
      );
    case 'read-audio':
      return outcome(() => readAudio(task.path));
    case 'compress-audio':
      return whileListening(task.cancel, (signal) => compressAudio(task.input, task.output, task.bitrate, task.format, { signal }));
    case 'analyse-audio':
      return whileListening(task.cancel, async (signal) => analyseAudio(task.path, { signal, timeLimitMs: ffmpegTimeLimitMs(await fileSize(task.path)), ...(task.decoder ? { decoder: task.decoder } : {}) }));
    case 'write-demo':
      await writeDemo(task.folder);
      return 'written';
  }
}

function readProject(filePath: string, daw: Daw, version: string | undefined, home: string | undefined): Promise<ProjectMeta> {
  switch (daw) {
    case 'ableton':
      return readAls(filePath, home === undefined ? {} : { home });
    case 'logic':
      return readLogicx(filePath, version);
    case 'protools':
      return readProTools(filePath, home);
    case 'flstudio':
      return readFlStudio(filePath, home);
    case 'cubase':
      return readCubase(filePath, home);
    case 'garageband':
      return readGarageBand(filePath, home);
    case 'reaper':
      return readReaper(filePath, home);
    case 'ardour':
      return readArdour(filePath, home);
    case 'lmms':
      return readLmms(filePath, home);
    case 'studioone':
      return readStudioOne(filePath, home);
    case 'dawproject':
      return readDawproject(filePath, home);
    case 'bitwig':
      return readBitwig(filePath, home);
  }
}

/**
 * A walk; with a port, its entries go on the port in parts as the walk goes (`walkInParallel`), then `null` to say
 * that was all: the pool hears the result on a port of its own, which may come first.
 */
async function walkInParts(root: string, port: MessagePort | undefined): Promise<WalkResult> {
  if (!port) return walkInParallel(root, walkHelpers(__dirname, walkHelperCount(os.availableParallelism(), false)));
  // Not closed here: a message still queued could be dropped with it. The pool closes its end once it has the `null`.
  const result = await walkInParallel(root, walkHelpers(__dirname, walkHelperCount(os.availableParallelism(), true)), (entries) => port.postMessage(entries));
  port.postMessage(null);
  return result;
}

/** Runs `work` with a signal that aborts when a message arrives on `port`; closes the port after. */
async function whileListening<T>(port: MessagePort | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  port?.once('message', () => controller.abort());
  try {
    return await work(controller.signal);
  } finally {
    port?.close();
  }
}

async function fileSize(filePath: string): Promise<number> {
  return fs.stat(filePath).then((stats) => stats.size, () => 0);
}

async function outcome<T>(read: () => Promise<T>): Promise<ReadOutcome<T>> {
  try {
    return { ok: true, value: await read() };
  } catch (error) {
    if (error instanceof UnreadableFileError) return { ok: false, reason: error.reason };
    throw error;
  }
}
