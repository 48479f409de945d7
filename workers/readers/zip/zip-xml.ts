/** One XML part of a zipped project, read through the bounded ZIP reader and scanned; refusals name the part. */
import { UnreadableFileError } from '../../../common/projects/project-meta';
import type { ZipArchive } from './bounded-zip';
import { scanXml, XmlRefused, xmlText, type XmlHandler } from './xml-scan';

export function scanZipPart(zip: ZipArchive, filePath: string, part: string, handler: XmlHandler): void {
  const bytes = zip.read(part);
  try {
    scanXml(xmlText(bytes), handler);
  } catch (error) {
    if (error instanceof XmlRefused) throw new UnreadableFileError(filePath, `${part}: ${error.reason}`);
    throw error;
  }
}

/** The longest name (track, plug-in) and path a part may state: far beyond any a DAW writes; a longer one is hostile. */
export const MAX_NAME_CHARS = 1024;
export const MAX_PATH_CHARS = 4096;

/** `value`, refused (as the part's) when longer than `max`: a song keeps what it reads, so nothing unbounded gets in. */
export function boundedText(value: string | undefined, max: number, what: string): string | undefined {
  if (value !== undefined && value.length > max) throw new XmlRefused(`${what} of ${value.length} characters, more than ${max}`);
  return value;
}

/** A number as stated ("120", "0.5", "1e2"), or null for anything else: never guessed from a damaged value. */
export function statedNumber(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
