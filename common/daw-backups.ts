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

/** The backup folder beside a session of this DAW (Logic keeps its own inside each alternative). */
export const SESSION_BACKUP_FOLDERS: Partial<Record<Exclude<Daw, 'logic'>, string>> = { ableton: LIVE_BACKUP_FOLDER, protools: PRO_TOOLS_BACKUP_FOLDER };

/** Live's backup names: "<Set name> [YYYY-MM-DD HHMMSS].als" (the time of that save, on that computer's clock). */
export const LIVE_BACKUP_NAME = /\[(\d{4})-(\d{2})-(\d{2}) (\d{2})(\d{2})(\d{2})\]\.als$/i;
/** Pro Tools' backup names: "<Session>.bak.NNN.ptx" (older versions: .ptf). */
export const PRO_TOOLS_BACKUP_NAME = /\.bak\.\d{1,4}\.(ptx|ptf)$/i;
