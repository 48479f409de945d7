/**
 * Paths read from project files are data (DESIGN.md, trust rules): a set or a package names whatever path its author
 * wrote, and looking one up touches it. On Windows, a lookup of `\\server\share\a.wav` opens an SMB connection that
 * hands the server the user's NTLM hash; `\\?\` and `\\.\` reach devices past Windows' own path rules. Such paths are
 * recorded as written and never looked up; only local absolute paths are.
 *
 * Decided by shape alone, before any file system call and the same on every OS: `//server/share` is a local path on
 * Linux and macOS, but the same set opened on Windows names a server.
 */

/**
 * Whether a path names a place the app must not touch: a UNC path (`\\server\share`, `//server/share`), a device
 * path (`\\?\…`, `\\.\…`, `\??\…`), or an address with a scheme (`smb:`, `afp:`, `nfs:`, `file://host/…`). A
 * drive letter (`C:`) is not a scheme.
 */
export function isNetworkPath(candidate: string): boolean {
  return isDevicePath(candidate) || /^[\\/]{2}/.test(candidate) || hasScheme(candidate);
}

/** An address with a scheme (`smb:`, `file:`, `https:`); a drive letter (`C:`) has one letter and is not one. */
export function hasScheme(candidate: string): boolean {
  return /^[a-z][a-z0-9+.-]+:/i.test(candidate);
}

/** `\\?\C:\…`, `\\.\PhysicalDrive0`, `\??\UNC\…`, with either slash: Windows hands these on unchecked. */
export function isDevicePath(candidate: string): boolean {
  return /^[\\/][\\/?][?.][\\/]/.test(candidate);
}
