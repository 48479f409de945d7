/**
 * `getFileStats`, `readFile`, `compressAudio`, `deleteFile`, `showItemInFolder`, `openPath` and `openExternal`: the
 * file channels, confined to the library's folders (deleting, to the app's compressed copies; links, to http(s) and
 * mailto).
 */
import fs from 'node:fs/promises';
import { MAX_READ_FILE_BYTES } from '../../../common/constants';
import { AppError } from '../../../common/errors';
import type { FileStats } from '../../../common/ipc';
import { compressionFormat } from '../../../common/upload-rules';
import { parseExternalUrl } from '../../security/external-url';
import { isMissing, resolveAllowedPath } from '../../security/file-access';
import { libraryRoots } from '../../security/library-roots';
import type { CoreContext, HandlerMap } from '../handler';

function allowedRoots(ctx: CoreContext): string[] {
  return libraryRoots(ctx.db, ctx.dataDir);
}

export const fileHandlers = {
  getFileStats: async (input, ctx): Promise<FileStats> => {
    const target = await resolveAllowedPath(input.path, allowedRoots(ctx));
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
    const target = await resolveAllowedPath(input.path, allowedRoots(ctx));
    const stats = await fs.stat(target).catch((error: unknown) => {
      throw ioError(input.path, error);
    });
    if (!stats.isFile()) throw new AppError('invalid_input', `${input.path} is not a file.`);
    if (stats.size > MAX_READ_FILE_BYTES) {
      throw new AppError(
        'file_too_large',
        `${input.path} is ${formatMegabytes(stats.size)}; Songshelf reads files up to ${formatMegabytes(MAX_READ_FILE_BYTES)} this way.`,
      );
    }
    const bytes = await fs.readFile(target).catch((error: unknown) => {
      throw ioError(input.path, error);
    });
    return { path: input.path, encoding: input.encoding, data: bytes.toString(input.encoding), size: bytes.length };
  },
  showItemInFolder: async (input, ctx) => {
    await ctx.platform.showItemInFolder(await existingAllowedPath(input.path, ctx));
    return { shown: true as const };
  },
  openPath: async (input, ctx) => {
    await ctx.platform.openPath(await existingAllowedPath(input.path, ctx));
    return { opened: true as const };
  },
  compressAudio: async (input, ctx) => {
    const target = await resolveAllowedPath(input.path, allowedRoots(ctx));
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
async function existingAllowedPath(requested: string, ctx: CoreContext): Promise<string> {
  const target = await resolveAllowedPath(requested, allowedRoots(ctx));
  await fs.stat(target).catch((error: unknown) => {
    throw ioError(requested, error);
  });
  return target;
}

function ioError(filePath: string, error: unknown): AppError {
  if (isMissing(error)) return new AppError('not_found', `File not found: ${filePath}`, { cause: error });
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
  return new AppError('io_error', `Could not read ${filePath} (${code}).`, { cause: error });
}

function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
