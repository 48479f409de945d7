/**
 * Where the DAWs keep their own copies of earlier saves (FORMATS.md, "Versions the DAWs keep"): one rule for the
 * version timeline that lists them (main/versions/version-files.ts) and the readers that read them as if they still
 * sat beside the session they copy (workers/readers/session-home.ts).
 */
import type { Daw } from './project-meta';

/** Live: `<Project>/Backup/<Set name> [YYYY-MM-DD HHMMSS].als`. */
export const LIVE_BACKUP_FOLDER = 'Backup';
/** Pro Tools: `<Session folder>/Session File Backups/<Session>.bak.NNN.ptx`. */
export const PRO_TOOLS_BACKUP_FOLDER = 'Session File Backups';
/** Logic: `<Package>/Alternatives/NNN/Project File Backups/NN/`. */
export const LOGIC_BACKUP_FOLDER = 'Project File Backups';

/** Studio One: `<Song folder>/History/` (its autosaved copies). */
export const STUDIO_ONE_BACKUP_FOLDER = 'History';
/**
 * FL Studio: `<Project folder>/Backup/`, the copies FL keeps of earlier saves ("<Project> (overwritten at 1h02).flp";
 * FORMATS-MORE.md has no verified naming, so any .flp there counts).
 */
export const FL_STUDIO_BACKUP_FOLDER = 'Backup';
/** Cubase and Nuendo: `<Project folder>/Auto Saves/`. */
export const CUBASE_BACKUP_FOLDER = 'Auto Saves';
/** Bitwig: `<Project>/auto-backups/<Project>/<Project> [YYYY-MM-DD HHMMSS].bwproject`. */
export const BITWIG_BACKUP_FOLDER = 'auto-backups';

/**
 * The backup folder beside a session of this DAW, as folder names below the session's folder (Bitwig's holds a folder
 * named after the project); null where the DAW keeps none there (Logic keeps its own inside each alternative; REAPER
 * its `.rpp-bak` beside the session: `BACKUP_SESSION_EXTENSIONS`).
 */
export function sessionBackupFolder(daw: Daw, projectName: string): string[] | null {
  switch (daw) {
    case 'ableton':
      return [LIVE_BACKUP_FOLDER];
    case 'protools':
      return [PRO_TOOLS_BACKUP_FOLDER];
    case 'studioone':
      return [STUDIO_ONE_BACKUP_FOLDER];
    case 'flstudio':
      return [FL_STUDIO_BACKUP_FOLDER];
    case 'cubase':
      return [CUBASE_BACKUP_FOLDER];
    case 'bitwig':
      return [BITWIG_BACKUP_FOLDER, projectName];
    default:
      return null;
  }
}

/** Live's backup names: "<Set name> [YYYY-MM-DD HHMMSS].als" (the time of that save, on that computer's clock). */
export const LIVE_BACKUP_NAME = /\[(\d{4})-(\d{2})-(\d{2}) (\d{2})(\d{2})(\d{2})\]\.als$/i;
/** Pro Tools' backup names: "<Session>.bak.NNN.ptx" (older versions: .ptf). */
export const PRO_TOOLS_BACKUP_NAME = /\.bak\.\d{1,4}\.(ptx|ptf)$/i;
