/**
 * `getFileStats`, `readFile`, `compressAudio`, `deleteFile`, `showItemInFolder`, `openPath` and `openExternal`: the
 * file channels, confined to the library's folders and never the app's secrets (`resolveLibraryPath`; deleting, to the
 * app's compressed copies; opening, to sessions and audio; links, to http(s) and mailto). And `saveLocalFile`: the
 * chunked copy of a picked file into the app's data folder (main/files/local-files.ts).
 */
import type { Stats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_READ_FILE_BYTES } from '../../../common/constants';
import { AppError, isAppError } from '../../../common/errors';
import { fileNotFound, fileNotReadable, fileTooLargeToRead, notAFile, notOpenable } from '../../../common/messages';
import type { FileStats } from '../../../common/bridge/ipc';
import { compressionFormat } from '../../../common/cloud/upload-rules';
import { parseExternalUrl } from '../../security/external-url';
import { isMissing } from '../../security/file-access';
import { resolveLibraryPath } from '../../security/library-roots';
import { isOpenable } from '../../security/openable-path';
import { readRegularFile } from '../../security/regular-file';
import type { CoreContext, HandlerMap } from '../handler';

function libraryPath(requested: string, ctx: CoreContext): Promise<string> {
  return resolveLibraryPath(requested, ctx.db, ctx.dataDir);
}

export const fileHandlers = {
  saveLocalFile: (input, ctx) => ctx.localFiles.receive(input),
  getFileStats: async (input, ctx): Promise<FileStats> => {
    const target = await libraryPath(input.path, ctx);
    try {
      const stats = await fs.stat(target);
      return {
        path: input.path,
        exists: true,
        isFile: stats.isFile(),
        isDirectory: stats.isDirectory(),
        size: stats.size,
        modifiedTime: Math.round(stats.mtimeMs),
        createdTime: Math.round(stats.birthtimeMs),
      };
    } catch (error) {
      if (!isMissing(error)) throw ioError(input.path, error);
      return { path: input.path, exists: false, isFile: false, isDirectory: false, size: 0, modifiedTime: null, createdTime: null };
    }
  },
  readFile: async (input, ctx) => {
    const target = await libraryPath(input.path, ctx);
    const stats = await fs.stat(target).catch((error: unknown) => {
      throw ioError(input.path, error);
    });
    if (!stats.isFile()) throw new AppError('invalid_input', notAFile(input.path));
    if (stats.size > MAX_READ_FILE_BYTES) {
      throw new AppError(
        'file_too_large',
        fileTooLargeToRead(input.path, formatMegabytes(stats.size), formatMegabytes(MAX_READ_FILE_BYTES)),
      );
    }
    // Opened again as a regular file: the stat above saw the name, which may lead to a FIFO by now.
    const bytes = await readRegularFile(target).catch((error: unknown) => {
      throw isAppError(error) ? new AppError('invalid_input', notAFile(input.path)) : ioError(input.path, error);
    });
    return { path: input.path, encoding: input.encoding, data: bytes.toString(input.encoding), size: bytes.length };
  },
  showItemInFolder: async (input, ctx) => {
    const { target } = await existingLibraryPath(input.path, ctx);
    await ctx.platform.showItemInFolder(target);
    return { shown: true as const };
  },
  openPath: async (input, ctx) => {
    const { target, stats } = await existingLibraryPath(input.path, ctx);
    if (!isOpenable(target, { isFile: stats.isFile(), isDirectory: stats.isDirectory() })) {
      throw new AppError('forbidden', notOpenable(path.basename(target)));
    }
    await ctx.platform.openPath(target);
    return { opened: true as const };
  },
  compressAudio: async (input, ctx) => {
    const target = await libraryPath(input.path, ctx);
    return ctx.compressor.compress(target, { format: compressionFormat(input.format ?? 'mp3') });
  },
  deleteFile: (input, ctx) => ctx.compressor.deleteCopy(input.path),
  openExternal: async (input, ctx) => {
    const url = parseExternalUrl(input.url);
    await ctx.platform.openExternal(url.href);
    return { opened: true as const };
  },
} satisfies Partial<HandlerMap>;

/** The OS shell is handed the resolved path: the one that was checked, not a link that could be swapped. */
async function existingLibraryPath(requested: string, ctx: CoreContext): Promise<{ target: string; stats: Stats }> {
  const target = await libraryPath(requested, ctx);
  const stats = await fs.stat(target).catch((error: unknown) => {
    throw ioError(requested, error);
  });
  return { target, stats };
}

function ioError(filePath: string, error: unknown): AppError {
  if (isMissing(error)) return new AppError('not_found', fileNotFound(filePath), { cause: error });
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
  return new AppError('io_error', fileNotReadable(filePath, code), { cause: error });
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
