/**
 * Reads an Ableton Live set (`.als`: gzip around XML, FORMATS.md) into ProjectMeta. The file is inflated
 * as a stream under a hard size cap and scanned once by the fast scanner; a file using XML the fast scanner
 * does not model is read again by the careful (saxes) scanner. Anything that is not a readable set throws
 * UnreadableFileError with a short reason, and the scan goes on.
 */
import { UnreadableFileError, type ProjectMeta } from '../../../common/projects/project-meta';
import type { AlsFacts } from './als-facts';
import { CarefulAlsScanner } from './careful-scanner';
import { FastAlsScanner } from './fast-scanner';
import { inflateCapped } from './inflate-capped';
import { resolveSampleFiles } from './sample-files';
import { FastScanBailout, SetRejected } from './set-rejected';
import { setFields } from './set-fields';

export interface ReadAlsOptions {
  /** Stops the read; the promise rejects with the signal's reason. Default: none. */
  signal?: AbortSignal;
  /** The folder the set's relative sample paths count from, for a copy kept elsewhere (a snapshot). Default: the set's. */
  home?: string;
}

export interface AlsScanner {
  write(chunk: Buffer): void;
  end(): AlsFacts;
}

export async function readAls(filePath: string, options: ReadAlsOptions = {}): Promise<ProjectMeta> {
  const { signal } = options;
  try {
    const facts = await scanSet(filePath, signal);
    const fields = setFields(facts);
    const { samples, missingSamples } = resolveSampleFiles(filePath, facts.sampleRefs, signal, options.home);
    return {
      daw: 'ableton',
      ...fields,
      // Live keeps the sample rate in its preferences, not in the set.
      sampleRate: null,
      samples,
      missingSamples,
    };
  } catch (error) {
    if (error instanceof SetRejected) throw new UnreadableFileError(filePath, error.reason);
    throw error;
  }
}

async function scanSet(filePath: string, signal: AbortSignal | undefined): Promise<AlsFacts> {
  try {
    return await scanWith(new FastAlsScanner(), filePath, signal);
  } catch (error) {
    if (!(error instanceof FastScanBailout)) throw error;
    return scanWith(new CarefulAlsScanner(), filePath, signal);
  }
}

/** Feeds every inflated chunk to the scanner; exported for the tests that hold both scanners to one answer. */
export async function scanWith(scanner: AlsScanner, filePath: string, signal?: AbortSignal): Promise<AlsFacts> {
  for await (const chunk of inflateCapped(filePath, signal)) {
    signal?.throwIfAborted();
    scanner.write(chunk);
  }
  return scanner.end();
}
