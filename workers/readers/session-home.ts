/**
 * The folder a session's relative paths start from. A DAW's backup copy (common/daw-backups.ts) holds the paths of
 * the session it copies, relative to that session's folder: the parent of the backup folder, not the backup folder.
 */
import path from 'node:path';
import { LIVE_BACKUP_FOLDER, PRO_TOOLS_BACKUP_FOLDER } from '../../common/daw-backups';

const BACKUP_FOLDERS = new Set([LIVE_BACKUP_FOLDER, PRO_TOOLS_BACKUP_FOLDER].map((name) => name.toLowerCase()));

export function sessionHome(sessionPath: string): string {
  const folder = path.dirname(path.resolve(sessionPath));
  return BACKUP_FOLDERS.has(path.basename(folder).toLowerCase()) ? path.dirname(folder) : folder;
}
