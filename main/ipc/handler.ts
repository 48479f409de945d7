/** What a handler is: the validated input of its channel in, its output type out, with the core's context. */
import type { CommentPoller } from '../sharing/comment-poller';
import type { SharedVersions } from '../sharing/shared-versions';
import type { SessionRegrouper } from '../studio/session-regroup';
import type { DiskFullWatch } from '../disk/disk-full';
import type { Channel, ChannelOutput, CloudStatus, ParsedInput } from '../../common/bridge/ipc';
import type { Db } from '../../db/handle';
import type { AccountService } from '../account/account-service';
import type { EventBus } from '../events';
import type { LocalFileStore } from '../files/local-files';
import type { JobRunner } from '../jobs/runner';
import type { Library } from '../library/library';
import type { AudioCompressor } from '../media/compression';
import type { SyncService } from '../sync/sync-service';
import type { AudioUploader } from '../uploads/audio-uploader';

/** What the core needs from the OS shell it runs under (Electron, or the browser host's process). */
export interface Platform {
  openExternal(url: string): Promise<void>;
  /** Reveals a file in Finder / Explorer / the file manager. The path is checked and resolved by the caller. */
  showItemInFolder(path: string): Promise<void>;
  /** Opens a file with the OS's default app (a session in its DAW). The path is checked and resolved by the caller. */
  openPath(path: string): Promise<void>;
  /** The OS's dialog to pick folders (several at once); [] when cancelled. Absent where there is none (the browser host). */
  chooseFolders?(): Promise<string[]>;
}

export interface CoreContext {
  db: Db;
  events: EventBus;
  platform: Platform;
  /** The app's own data folder: the file channels may read there. */
  dataDir: string;
  library: Library;
  runner: JobRunner;
  /** Uploads in progress of `saveLocalFile`. */
  localFiles: LocalFileStore;
  /** Compresses audio in the worker pool into `<data>/compressed/`. */
  compressor: AudioCompressor;
  /** Uploads a song's audio, removes and signs cloud files. */
  uploader: AudioUploader;
  /** Cloud sync for the signed-in pro user. */
  sync: SyncService;
  /** Who is signed in, their tier, and which account the library belongs to. */
  account: AccountService;
  /** The cloud the shell started or was configured with, asked each time (the local one starts late). */
  cloud: () => CloudStatus;
  /** Knows when the disk that holds the library is full, tells the user once, and says when it has space again. */
  disk: DiskFullWatch;
  /** Groups the songs' saves into work sessions again when the user changes the gap (issue 32). */
  sessions: SessionRegrouper;
  /** The website whose listening page a shared link opens (issue 33). */
  websiteOrigin: string;
  /** Pulls what the listeners of this computer's links wrote. */
  comments: CommentPoller;
  /** The bounces a link may play instead of the song's latest, and the one chosen sent up. */
  sharedVersions: SharedVersions;
}

export type Handler<C extends Channel> = (
  input: ParsedInput<C>,
  ctx: CoreContext,
) => ChannelOutput<C> | Promise<ChannelOutput<C>>;

export type HandlerMap = { [C in Channel]: Handler<C> };
