/**
 * A chosen version of a song shared on its own (issue 33): the bounces of its project a link may play instead of the
 * latest, and the one chosen sent up to an object of its own with its waveform.
 *
 * Which files are a song's versions follows the scan's rule for its bounce (main/scan/project-structure.ts): audio in
 * the project folder and in its bounce folders ("Bounced Files", "Exports", …), or, for a Logic package, in the folder
 * holding it when the song's bounce is there. A song that is a lone audio file has no other version: the files beside
 * it are other songs. Only folders inside the library are listed (`resolveLibraryPath`), and a path the page sends is
 * shared only if it is one of these: the renderer cannot have any other file uploaded.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AUDIO_EXTENSIONS, PACKAGE_EXTENSIONS, SESSION_EXTENSIONS, extensionOf, isBounceFolderName, stripExtension } from '../../common/projects/file-kinds';
import { isBounceLocation } from '../scan/project-structure';
import { bounceOwner, familiesOf, familyKey, sessionStem } from '../scan/session-family';
import { AppError } from '../../common/errors';
import { linkState, MAX_SHARE_VERSIONS, type ShareVersion } from '../../common/cloud/shares';
import type { Song } from '../../common/songs/song';
import { isCompressedCopy } from '../../common/cloud/upload-rules';
import type { Db } from '../../db/handle';
import { analysisOfFile } from '../analysis/analysis-jobs';
import type { WorkerPool } from '../jobs/pool';
import { resolveLibraryPath } from '../security/library-roots';
import type { AccountService } from '../account/account-service';
import type { SignedInCloud } from '../account/cloud-session';
import type { ServerClock } from '../account/server-clock';
import type { AudioUploader } from '../uploads/audio-uploader';

export const NOT_A_VERSION = 'That file is not a bounce of this song’s project.';

/** Links read from the cloud a request. */
const LINKS_PAGE = 1000;

/** How often versions whose links have all expired are looked for, besides when a link is made or revoked. */
const SWEEP_EVERY_MS = 3_600_000;
/** The first look after start, once a kept session has had time to sign in again. */
const FIRST_SWEEP_AFTER_MS = 60_000;

/** More entries than a project folder holds: a folder past this is cut (it is not a project, or it is hostile). */
const MAX_FOLDER_ENTRIES = 2000;

/** What `share_create` takes for a chosen version. */
export interface PreparedVersion {
  objectPath: string;
  time: number;
  /** The waveform's overview when the file could be heard, else null (the page then shows a plain seek bar). */
  waveform: number[] | null;
}

export class SharedVersions {
  constructor(
    private readonly db: Db,
    private readonly dataDir: string,
    private readonly pool: WorkerPool,
    readonly uploader: AudioUploader,
  ) {}

  /** The song's bounces, newest first; its current audio is one of them when it is here. */
  async list(song: Song): Promise<ShareVersion[]> {
    const resolve = (requested: string | null | undefined) =>
      requested ? resolveLibraryPath(requested, this.db, this.dataDir).catch(() => null) : Promise.resolve(null);
    const current = await resolve(song.file?.localPath);
    const files = new Set<string>(current ? [current] : []);
    const isLoneAudio = song.projectPath === null || song.projectPath === song.file?.localPath;
    const project = isLoneAudio ? null : await resolve(song.projectPath);
    for (const file of project ? await projectBounces(project, current, song.recordingSession?.fileName ?? null) : []) files.add(file);
    const versions: ShareVersion[] = [];
    for (const file of files) {
      const stats = await fs.stat(file).catch(() => null);
      if (stats?.isFile())
        versions.push({
          path: file,
          name: path.basename(file),
          time: Math.round(stats.mtimeMs),
          sizeBytes: stats.size,
          current: file === current,
        });
    }
    return versions.sort((a, b) => b.time - a.time || a.name.localeCompare(b.name)).slice(0, MAX_SHARE_VERSIONS);
  }

  /** The chosen bounce, if it is one of the song's, uploaded to its own object, with its date and waveform. */
  async prepare(song: Song, requested: string, signal: AbortSignal = new AbortController().signal): Promise<PreparedVersion> {
    const versions = await this.list(song);
    const real = await resolveLibraryPath(requested, this.db, this.dataDir).catch(() => null);
    const version = versions.find((candidate) => candidate.path === requested || candidate.path === real);
    if (!version) throw new AppError('invalid_input', NOT_A_VERSION);
    const { objectPath } = await this.uploader.uploadVersion(song.id, version.path, signal);
    const analysis = await analysisOfFile({ db: this.db, pool: this.pool, dataDir: this.dataDir }, version.path, signal).catch(() => null);
    const waveform = analysis && !('error' in analysis) && analysis.overview.length > 0 ? analysis.overview : null;
    return { objectPath, time: version.time, waveform };
  }
}

/**
 * The versions no link plays any more leave the cloud (they count against the plan's storage): each version object
 * whose every link is revoked or expired. The cloud's own list of links decides, so a link made on another computer
 * keeps its version; an object not yet named by any link (one going up for a link being made) is not touched. Whether
 * a link still plays is `linkState` by the cloud's clock (`ServerClock`); while that clock cannot be read, nothing is
 * removed. Run when a link is made or revoked, and by `ExpiredVersionSweep`.
 */
export async function releaseUnsharedVersions(cloud: SignedInCloud, uploader: AudioUploader, clock: ServerClock): Promise<void> {
  const now = await clock.readMeasured(cloud);
  if (now === null) return;
  const links: { object_path: string; revoked_at: string | null; expires_at: string }[] = [];
  for (let offset = 0; ; offset += LINKS_PAGE) {
    const { data, error } = await cloud.supabase
      .from('shares')
      .select('object_path, revoked_at, expires_at')
      .gt('object_path', '')
      .order('id')
      .range(offset, offset + LINKS_PAGE - 1);
    if (error || !data) return;
    links.push(...(data as typeof links));
    if (data.length < LINKS_PAGE) break;
  }
  const plays = (link: (typeof links)[number]) => linkState({ revokedAt: link.revoked_at === null ? null : Date.parse(link.revoked_at), expiresAt: Date.parse(link.expires_at) }, now) === 'open';
  const playing = new Set(links.filter(plays).map((link) => link.object_path));
  const unplayed = new Set(links.map((link) => link.object_path).filter((objectPath) => !playing.has(objectPath)));
  if (unplayed.size > 0) await uploader.removeVersions([...unplayed]);
}

/**
 * A link that simply expires makes no call here, so its version would stay in the cloud (counted against the plan's
 * storage) until a link was next made or revoked: a minute after start and then every hour, the signed-in account's
 * versions no link plays any more are released as then.
 */
export class ExpiredVersionSweep {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly account: AccountService,
    private readonly uploader: AudioUploader,
  ) {}

  start(): void {
    this.timer = setTimeout(() => {
      void this.sweep();
      this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
      this.timer.unref();
    }, FIRST_SWEEP_AFTER_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  async sweep(): Promise<void> {
    const cloud = this.account.libraryCloud({ claim: false });
    if (!cloud) return;
    await releaseUnsharedQuietly(cloud, this.uploader, this.account.serverClock);
  }
}

/** `releaseUnsharedVersions` as best effort: a version that stays is storage, not a loss, so a failure is only logged. */
export async function releaseUnsharedQuietly(cloud: SignedInCloud, uploader: AudioUploader, clock: ServerClock): Promise<void> {
  await releaseUnsharedVersions(cloud, uploader, clock).catch((failure: unknown) => console.error('[sharing] versions stay in the cloud:', failure instanceof Error ? failure.message : failure));
}

/** The project folder and its bounce folders; a package's holder folder only when the song's bounce was found there. */
/**
 * The bounces of the project at `project`: a project folder, a package, or the session file a song of a folder of
 * several songs' sessions is known by (main/scan/project-structure.ts). In such a folder a bounce is the song's only
 * when the scan's rule gives it to the song's family (`bounceOwner`): the others are the folder's other songs'.
 */
async function projectBounces(project: string, current: string | null, sessionName: string | null): Promise<string[]> {
  const isSessionFile = SESSION_EXTENSIONS[extensionOf(project)] !== undefined && (await fs.stat(project).catch(() => null))?.isFile() === true;
  const folders = await bounceFolders(isSessionFile ? path.dirname(project) : project, current);
  const bounces: string[] = [];
  for (const folder of folders) {
    for (const entry of await listFolder(folder)) {
      if (entry.isFile() && isBounceName(entry.name)) bounces.push(path.join(folder, entry.name));
    }
  }
  const base = folders[0];
  if (base === undefined || PACKAGE_EXTENSIONS[extensionOf(project)] !== undefined) return bounces;
  const keys = await familyKeysIn(base);
  if (keys.length < 2) return bounces;
  const own = familyKey(sessionStem(isSessionFile ? path.basename(project) : (sessionName ?? ''), path.basename(base)));
  const mine = keys.includes(own) ? own : keys[0];
  return bounces.filter((file) => bounceOwner(stripExtension(path.basename(file)), keys) === mine);
}

/** The families of the sessions in `folder`, main first, as the scan groups them. */
async function familyKeysIn(folder: string): Promise<string[]> {
  const members = [];
  for (const entry of await listFolder(folder)) {
    if (!entry.isFile() || SESSION_EXTENSIONS[extensionOf(entry.name)] === undefined) continue;
    const stats = await fs.stat(path.join(folder, entry.name)).catch(() => null);
    if (stats) members.push({ stem: sessionStem(entry.name, path.basename(folder)), mtimeMs: stats.mtimeMs, backup: false });
  }
  return familiesOf(members, path.basename(folder)).families.map((family) => family.key);
}


async function bounceFolders(project: string, current: string | null): Promise<string[]> {
  let base: string | null = project;
  if (PACKAGE_EXTENSIONS[extensionOf(project)] !== undefined) {
    const holder = path.dirname(project);
    base = current && isBounceLocation(current, holder) ? holder : null;
  }
  if (!base) return [];
  const folders = [base];
  for (const entry of await listFolder(base)) {
    if (entry.isDirectory() && isBounceFolderName(entry.name)) folders.push(path.join(base, entry.name));
  }
  return folders;
}

function isBounceName(name: string): boolean {
  return !name.startsWith('.') && AUDIO_EXTENSIONS.has(extensionOf(name)) && !isCompressedCopy(name);
}

async function listFolder(folder: string): Promise<Dirent[]> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries.slice(0, MAX_FOLDER_ENTRIES);
}
