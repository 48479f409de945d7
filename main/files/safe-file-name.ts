/**
 * The name a saved file gets on disk: the user's own name, minus anything that could make it a path or hide
 * in a listing, ending in an extension of what the file holds. It always names one entry inside the folder it is
 * joined to.
 */
import { fileExtension, type Extensions } from '../../common/audio/media';

/** Used when nothing of the user's name is left. */
const FALLBACK_NAME = 'file';
/** Most file systems cap a name at 255 bytes (not characters). */
const MAX_NAME_BYTES = 255;
// Path separators of every OS, and C0/C1 control characters (NUL, newlines, escapes).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\\u0000-\u001f\u007f-\u009f]/g;
/** Characters Windows refuses in a file name. */
const WINDOWS_RESERVED = /[<>:"|?*]/g;
/** `CON`, `NUL.wav`... are devices on Windows, whatever the extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

export function safeFileName(requested: string, platform: NodeJS.Platform = process.platform): string {
  let name = requested.replace(UNSAFE, '').trim();
  if (platform === 'win32') {
    // Windows drops trailing dots and spaces itself, which could turn two names into one.
    name = name.replace(WINDOWS_RESERVED, '').replace(/[. ]+$/, '');
    if (WINDOWS_DEVICE.test(name)) name = `_${name}`;
  }
  name = truncateUtf8(name, MAX_NAME_BYTES);
  return name === '' || name === '.' || name === '..' ? FALLBACK_NAME : name;
}

/**
 * The user's name made safe, keeping its extension when it is one of `extensions` (what the file holds, the usual one
 * first) and adding the first otherwise: `x.bat` holding a WAV is saved as `x.bat.wav`, which the OS opens as audio.
 */
export function nameForContent(requested: string, extensions: Extensions, platform: NodeJS.Platform = process.platform): string {
  const name = safeFileName(requested, platform);
  if (extensions.includes(fileExtension(name))) return name;
  return safeFileName(`${name}.${extensions[0]}`, platform);
}

/** Cuts at a character boundary, keeping the extension when it can (the player and the DAW go by it). */
function truncateUtf8(name: string, maxBytes: number): string {
  if (Buffer.byteLength(name) <= maxBytes) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
  const budget = maxBytes - Buffer.byteLength(extension);
  let stem = '';
  for (const char of name.slice(0, name.length - extension.length)) {
    if (Buffer.byteLength(stem + char) > budget) break;
    stem += char;
  }
  return stem + extension;
}
