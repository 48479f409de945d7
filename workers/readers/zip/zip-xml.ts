/** One XML part of a zipped project, read through the bounded ZIP reader and scanned; refusals name the part. */
import { UnreadableFileError } from '../../../common/project-meta';
import type { ZipArchive } from './bounded-zip';
import { scanXml, XmlRefused, xmlText, type XmlHandler } from './xml-scan';

export async function scanZipPart(zip: ZipArchive, filePath: string, part: string, handler: XmlHandler): Promise<void> {
  const bytes = await zip.read(part);
  try {
    scanXml(xmlText(bytes), handler);
  } catch (error) {
    if (error instanceof XmlRefused) throw new UnreadableFileError(filePath, `${part}: ${error.reason}`);
    throw error;
  }
}
