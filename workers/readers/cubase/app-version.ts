/**
 * Which application saved a Cubase / Nuendo project (FORMATS-MORE.md): the object of class `PAppVersion`, the root
 * object `Version`. Its class name is stored once, as an archive string (`[u32 12]PAppVersion\0`; the ROOT chunk names
 * it without the NUL, `[u32 11]`), and is followed by the object's header, a u16 and a u32 (the object's length; RIF2
 * adds 4 bytes), then strings: application ("Cubase", "Cubase SX", "Nuendo"), "Version 13.0.10", the build date
 * ("Oct 10 2023"), a u32, and in later saves the architecture, encoding and locale. The object is at offset 81 in the
 * Cubase 5 to 13 fixtures and near the end in the SX3 one, so it is found by its class name, not by position.
 */
import { isPlainText, stringAt } from './archive-fields';
import { HEADER_BYTES, MalformedProjectError, type ProjectHeader } from './project-header';

export interface AppVersion {
  application: string;
  /** "13.0.10": the version string without its "Version " prefix. */
  version: string;
  /** As stored, with the compiler's padding ("Feb  2 2019"); null when the object has none. */
  buildDate: string | null;
}

const CLASS_NAME = Buffer.concat([Buffer.from([0, 0, 0, 12]), Buffer.from('PAppVersion\0', 'latin1')]);
/** The u16 and u32 after the class name; RIF2 adds four bytes whose meaning is not known. */
const OBJECT_HEADER_BYTES = 6;
const RIF2_EXTRA_HEADER_BYTES = 4;
/** Each of the object's strings is a dozen bytes in every fixture; far more is not a version. */
const MAX_VERSION_STRING_BYTES = 128;
const VERSION_PREFIX = 'Version ';

export function appVersionOf(data: Buffer, header: ProjectHeader): AppVersion {
  const region = data.subarray(0, header.dataEnd);
  const at = region.indexOf(CLASS_NAME, HEADER_BYTES);
  if (at === -1) {
    throw new MalformedProjectError(header.truncated ? 'truncated before its version record (PAppVersion)' : 'has no version record (PAppVersion)');
  }
  const cut = () =>
    new MalformedProjectError(header.truncated ? 'truncated inside its version record (PAppVersion)' : 'its version record (PAppVersion) runs past the end of its data');

  const headerAt = at + CLASS_NAME.length;
  const contentAt = headerAt + OBJECT_HEADER_BYTES + (header.container === 'RIF2' ? RIF2_EXTRA_HEADER_BYTES : 0);
  if (contentAt > header.dataEnd) throw cut();
  // RIFF: the object's own length bounds its strings; RIF2's header is not understood well enough to trust it.
  const objectEnd = header.container === 'RIFF' ? contentAt + region.readUInt32BE(headerAt + 2) : header.dataEnd;
  if (objectEnd > header.dataEnd) throw cut();

  const application = stringAt(region, contentAt, objectEnd, MAX_VERSION_STRING_BYTES);
  const stated = application && stringAt(region, application.next, objectEnd, MAX_VERSION_STRING_BYTES);
  if (!application || !stated) throw cut();
  const version = stated.text.startsWith(VERSION_PREFIX) ? stated.text.slice(VERSION_PREFIX.length).trim() : stated.text.trim();
  if (!isVersionText(application.text.trim(), /^\p{L}/u) || !isVersionText(version, /^\d/)) {
    throw new MalformedProjectError('its version record (PAppVersion) names no application and version');
  }
  const date = stringAt(region, stated.next, objectEnd, MAX_VERSION_STRING_BYTES);
  const buildDate = date && isVersionText(date.text.trim(), /\d/) ? date.text.trim() : null;
  return { application: application.text.trim(), version, buildDate };
}

/** "Cubase 13.0.10 (Oct 10 2023)", as the application states itself in its About box. */
export function dawVersionText(appVersion: AppVersion): string {
  const base = `${appVersion.application} ${appVersion.version}`;
  return appVersion.buildDate === null ? base : `${base} (${appVersion.buildDate})`;
}

/** The release's major number ("13.0.10" is 13); null when the version does not start with one. */
export function majorVersion(appVersion: AppVersion): number | null {
  const match = /^(\d{1,4})/.exec(appVersion.version);
  return match ? Number(match[1]) : null;
}

function isVersionText(text: string, shape: RegExp): boolean {
  return text !== '' && text.length <= MAX_VERSION_STRING_BYTES && isPlainText(text) && shape.test(text);
}
