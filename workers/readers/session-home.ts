/**
 * The folder a session's relative paths start from. A DAW's backup copy (common/projects/daw-backups.ts) holds the paths of
 * the session it copies, relative to that session's folder: the parent of the backup folder. Only a file named as
 * the DAW names its backups counts, so a set in a folder the musician happens to call "Backup" reads as it is.
 */
import path from 'node:path';
import { LIVE_BACKUP_FOLDER, LIVE_BACKUP_NAME, PRO_TOOLS_BACKUP_FOLDER, PRO_TOOLS_BACKUP_NAME } from '../../common/projects/daw-backups';

export function sessionHome(sessionPath: string): string {
  const file = path.resolve(sessionPath);
  const folder = path.dirname(file);
  const folderName = path.basename(folder);
  const name = path.basename(file);
  const isBackup = (folderName === LIVE_BACKUP_FOLDER && LIVE_BACKUP_NAME.test(name)) || (folderName === PRO_TOOLS_BACKUP_FOLDER && PRO_TOOLS_BACKUP_NAME.test(name));
  return isBackup ? path.dirname(folder) : folder;
}
