/**
 * Compression as the core offers it (`compressAudio` on the bridge, the upload job): the spec's plan decides
 * whether and at which bitrate, a worker runs ffmpeg, and a failed attempt is tried once more after 1 s. Copies
 * go to the app's own folder (`<data>/compressed/`), never into the user's folders, and only files there can be
 * deleted through `deleteFile`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { COMPRESSION_ATTEMPTS, COMPRESSION_RETRY_DELAY_MS } from '../../common/constants';
import { AppError } from '../../common/errors';
import { compressionAttemptsFailed, fileNotDeleted, notOwnCompressedCopy } from '../../common/messages';
import { COMPRESSED_COPY_SUFFIX, COMPRESSION_ERRORS, compressionPlan, sanitizeUploadName, type CompressionFormat, type CompressionResult } from '../../common/cloud/upload-rules';
import type { WorkerPool } from '../jobs/pool';
import { isInside, isMissing } from '../security/file-access';

export const COMPRESSED_FOLDER = 'compressed';

export interface CompressorOptions {
  retryDelayMs?: number;
}

export class AudioCompressor {
  readonly folder: string;
  private readonly retryDelayMs: number;

  constructor(
    private readonly pool: WorkerPool,
    dataDir: string,
    options: CompressorOptions = {},
  ) {
    this.folder = path.join(dataDir, COMPRESSED_FOLDER);
    this.retryDelayMs = options.retryDelayMs ?? COMPRESSION_RETRY_DELAY_MS;
  }

  /** Follows the spec's plan: a file under 5 MB or already compressed is answered as it is. */
  async compress(input: string, options: { format?: CompressionFormat; signal?: AbortSignal } = {}): Promise<CompressionResult> {
    const stats = await fs.stat(input).catch(() => null);
    if (!stats?.isFile()) throw new AppError('compression_failed', COMPRESSION_ERRORS.inputNotAccessible);
    const plan = compressionPlan(path.basename(input), stats.size);
    const format = options.format ?? 'mp3';
    if (!plan.compress) {
      return { path: input, size: stats.size, originalSize: stats.size, compressed: false, compressionRatio: null, format: extensionOf(input), bitrate: null };
    }
    const bitrate = plan.bitrate;
    await fs.mkdir(this.folder, { recursive: true });
    const output = path.join(this.folder, copyName(input, format));

    let last: { reason: string; detail?: string } = { reason: COMPRESSION_ERRORS.failed };
    for (let attempt = 1; attempt <= COMPRESSION_ATTEMPTS; attempt += 1) {
      if (attempt > 1) await delay(this.retryDelayMs, options.signal);
      const outcome = await this.pool.run({ kind: 'compress-audio', input, output, bitrate, format }, options.signal);
      if (outcome.ok) {
        const { size, originalSize } = outcome.value;
        return { path: output, size, originalSize, compressed: true, compressionRatio: size / originalSize, format, bitrate };
      }
      last = outcome;
      // A file that is gone or unreadable will not come back in a second.
      if (outcome.reason === COMPRESSION_ERRORS.inputNotAccessible) throw new AppError('compression_failed', outcome.reason);
    }
    throw new AppError('compression_failed', compressionAttemptsFailed(last.reason, last.detail));
  }

  /** Deletes one of our compressed copies; any other path is refused, whatever the page asks. */
  async deleteCopy(requested: string): Promise<{ deleted: boolean }> {
    const target = path.resolve(requested);
    if (!isInside(this.folder, target) || target === this.folder) {
      throw new AppError('forbidden', notOwnCompressedCopy(requested));
    }
    try {
      await fs.unlink(target);
      return { deleted: true };
    } catch (error) {
      if (isMissing(error)) return { deleted: false };
      throw new AppError('io_error', fileNotDeleted(requested, (error as NodeJS.ErrnoException).code), { cause: error });
    }
  }
}

/** `Take 3.wav` in any folder -> `take_3-1a2b3c4d_compressed.mp3`: readable, and unique per source path. */
function copyName(input: string, format: CompressionFormat): string {
  const base = sanitizeUploadName(path.basename(input, path.extname(input))).slice(0, 80) || 'audio';
  const hash = createHash('sha1').update(input).digest('hex').slice(0, 8);
  const suffix = format === 'mp3' ? COMPRESSED_COPY_SUFFIX : `_compressed.${format}`;
  return `${base}-${hash}${suffix}`;
}

function extensionOf(file: string): string {
  return path.extname(file).slice(1).toLowerCase();
}

function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('Aborted'));
    }, { once: true });
  });
}
