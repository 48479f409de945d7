/**
 * `/:viewId/modal/song?id=…`: one song whole (issue 19): what its project says (DAW, tempo, key, signature, tracks,
 * the title, artist and genre it stores), its files with Reveal and Open in DAW, the samples its project cannot find,
 * and its timeline: every version the DAW or the musician kept, newest first, with what changed, and its bounce
 * placed among them by time.
 */
import { analysisOf } from '../../../common/audio/audio-analysis';
import { pluginsOf } from '../../../common/projects/plugins';
import { formatTempo } from '../../../common/projects/project-meta';
import type { ProjectVersion, SongTimeline, VersionSource } from '../../../common/projects/project-versions';
import { barsText, changeText, deviceSummary } from '../../../common/projects/version-changes';
import type { Song } from '../../../common/songs/song';
import { callLibrary, hasLibrary } from '../../api/calls';
import { errorMessage } from '../../api/base-query';
import { useSettleSong, useSongQuery, useSongVersionsQuery } from '../../api/detail-endpoints';
import { currentBuild } from '../auth';
import { missingHere, missingHereText, usePluginPresence } from '../plugins';
import { Modal } from '../ui/Modal';
import controls from '../ui/controls.module.css';
import { Spinner } from '../ui/Spinner';
import { showToast } from '../ui/toasts';
import { openInDaw, projectTarget, revealInFolder, saveSongEdit } from '../songs';
import type { Column } from '../song-table';
import { usePlayer } from '../player';
import { ShareSection } from '../sharing';
import { FocusControl } from '../studio';
import { SongStudioTime } from '../studio';
import { SnapshotBudgetLine } from './SnapshotBudgetLine';
import { heardInAudio } from './heard-in-audio';
import { SongFields } from './SongFields';
import { MissingSamples } from './MissingSamples';
import { creditFacts, patternFacts } from './project-credits';
import styles from './SongPanel.module.css';

const SOURCE_LABELS: Record<VersionSource, string> = { save: 'Save', 'save-as': 'Save As', 'daw-backup': 'DAW backup', snapshot: 'Snapshot' };
const WEB_VERSIONS = 'Versions are read from the project itself: open this song in the Songshelf app on the computer that has it.';
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

type Loaded<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

/**
 * The song and its versions, as RTK Query reads the change feed follows (issue 44): an edit here, in the table, by a
 * scan or a sync shows in the panel as soon as it is written. Versions are read from the project's folder: only the
 * computer that has it can (on the website, none); each opening reads them again.
 */
function useSongDetails(id: string): { song: Loaded<Song>; timeline: Loaded<SongTimeline>; setSong: (song: Song) => void } {
  const onComputer = currentBuild() === 'desktop';
  const songRead = useSongQuery(id, { skip: !hasLibrary() });
  const versionsRead = useSongVersionsQuery(id, { skip: !hasLibrary() || !onComputer, refetchOnMountOrArgChange: true });
  const setSong = useSettleSong(id);
  // Another song's read (the panel moved on) is never shown for this one: `currentData` is this id's only.
  const song: Loaded<Song> = songRead.error
    ? { state: 'failed', message: errorMessage(songRead.error, 'The song could not be read.') }
    : songRead.currentData === undefined
      ? { state: 'loading' }
      : songRead.currentData === null
        ? { state: 'failed', message: 'That song no longer exists.' }
        : { state: 'ready', value: songRead.currentData };
  const timeline: Loaded<SongTimeline> = !onComputer
    ? { state: 'failed', message: WEB_VERSIONS }
    : versionsRead.error
      ? { state: 'failed', message: errorMessage(versionsRead.error, 'The versions could not be read.') }
      : versionsRead.currentData === undefined
        ? { state: 'loading' }
        : { state: 'ready', value: versionsRead.currentData };
  return { song, timeline, setSong };
}

/**
 * `columns` are the table's (custom fields included): the panel edits the same fields with the same editors.
 * `onPlay` plays the song in the page's player (Space).
 */
export function SongPanel({ songId, columns, onClose, onPlay, sharing = false }: { songId: string; columns: readonly Column[]; onClose: () => void; onPlay?: (song: Song) => void; sharing?: boolean }) {
  const { song, timeline, setSong } = useSongDetails(songId);
  const player = usePlayer();
  // A comment's moment: the song plays from there (once its audio has loaded, if it was not the one playing).
  const playAt = (target: Song, seconds: number) => {
    onPlay?.(target);
    const audio = player.audio.current;
    if (!audio) return;
    const jump = () => void (audio.currentTime = seconds);
    if (player.song?.id === target.id && audio.readyState >= 1) jump();
    else audio.addEventListener('loadedmetadata', jump, { once: true });
  };
  const title = song.state === 'ready' ? song.value.name : 'Song';
  return (
    <Modal title={title} onClose={onClose} wide>
      {song.state === 'loading' ? <Spinner label="Loading the song" /> : null}
      {song.state === 'failed' ? <p className={styles.error}>{song.message}</p> : null}
      {song.state === 'ready' ? (
        <>
          <SongFields song={song.value} columns={columns} onSaved={setSong} {...(onPlay ? { onPlay } : {})} />
          <SongDetails song={song.value} />
          <FocusControl song={song.value} onSaved={setSong} />
          <SongStudioTime song={song.value} />
          {currentBuild() === 'desktop' ? (
            <ShareSection song={song.value} startSharing={sharing} onPlayAt={(seconds) => playAt(song.value, seconds)} onStatus={(status) => void saveSongEdit(song.value, { status }).then((saved) => saved && setSong(saved))} />
          ) : null}
        </>
      ) : null}
      <section className={styles.section} aria-label="Versions">
        <h3 className={styles.heading}>Versions</h3>
        {timeline.state === 'loading' ? <Spinner label="Reading the project's versions" /> : null}
        {timeline.state === 'failed' ? <p className={timeline.message === WEB_VERSIONS ? styles.muted : styles.error}>{timeline.message}</p> : null}
        {timeline.state === 'ready' ? <Timeline songId={songId} timeline={timeline.value} /> : null}
        {currentBuild() === 'desktop' ? <SnapshotBudgetLine /> : null}
      </section>
    </Modal>
  );
}

function metaText(song: Song, field: string): string | null {
  const value = song.meta[field];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** A list the reader stored in the song's meta, its strings only (meta is JSON from the database or the cloud). */
function metaStrings(song: Song, field: string): string[] {
  const value = song.meta[field];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function SongDetails({ song }: { song: Song }) {
  // On the website the paths are another computer's: shown, but nothing here can reveal or open them.
  const onComputer = currentBuild() === 'desktop';
  const project = projectTarget(song);
  const missing = metaStrings(song, 'missingSamples');
  const devices = metaStrings(song, 'devices');
  const plugins = pluginsOf(song.meta.plugins);
  const presence = usePluginPresence();
  const missingHereNow = missingHereText(missingHere(song, presence));
  const beats = song.meta.arrangementBeats;
  const analysis = analysisOf(song);
  const facts: [string, string | null][] = [
    ['DAW', [metaText(song, 'dawVersion') ?? metaText(song, 'daw')].filter(Boolean).join(' ') || null],
    // Only those the project stores: most store none, and a row of "—" for each would say nothing.
    ...creditFacts(song),
    ['Tracks', metaText(song, 'trackCount')],
    ['Not stated by the project', patternFacts(song)],
    ['Clips', metaText(song, 'clipCount')],
    ['Arrangement', typeof beats === 'number' && Number.isFinite(beats) && beats > 0 ? barsText(beats, song.timeSignature || null) : null],
    ['Sample rate', metaText(song, 'sampleRate') ? `${metaText(song, 'sampleRate')} Hz` : null],
    ['Missing here', missingHereNow || null],
    ['Heard in the audio', heardInAudio(analysis)],
  ];
  return (
    <>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value ?? '—'}</dd>
          </div>
        ))}
      </dl>
      <section className={styles.section} aria-label="Files">
        <h3 className={styles.heading}>Files</h3>
        {project ? (
          <div className={styles.file}>
            <span className={styles.path} title={project}>{project}</span>
            {onComputer && song.recordingSession ? (
              <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => void openInDaw(song.recordingSession!.value)}>
                Open in DAW
              </button>
            ) : null}
            {onComputer ? (
              <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => void revealInFolder(project)}>
                Reveal
              </button>
            ) : null}
          </div>
        ) : null}
        {/* A lone audio file is its own project: listed once. */}
        {song.file?.localPath && song.file.localPath !== project ? (
          <div className={styles.file}>
            <span className={styles.path} title={song.file.localPath}>{song.file.localPath}</span>
            {onComputer ? (
              <button type="button" className={`${controls.button} ${controls.small}`} onClick={() => void revealInFolder(song.file!.localPath!)}>
                Reveal
              </button>
            ) : null}
          </div>
        ) : null}
        {!project && !song.file?.localPath ? <p className={styles.muted}>{onComputer ? 'No files on this computer.' : 'No files: this song was added without any.'}</p> : null}
      </section>
      {devices.length > 0 ? (
        <section className={styles.section} aria-label="Devices and plug-ins">
          <h3 className={styles.heading}>Devices and plug-ins</h3>
          <p className={styles.devices}>{deviceSummary(devices)}</p>
        </section>
      ) : null}
      {plugins.length > 0 ? (
        <section className={styles.section} aria-label="Plug-ins">
          <h3 className={styles.heading}>Plug-ins</h3>
          <ul className={styles.plugins}>
            {plugins.map((plugin) => (
              <li key={`${plugin.format} ${plugin.name}`} className={styles.plugin}>
                <span>{plugin.name}</span>
                <span className={styles.pluginFormat}>{plugin.format}</span>
                <span className={styles.muted}>{plugin.instances > 1 ? `×${plugin.instances}` : ''}</span>
                {presence(plugin) === false ? <span className={styles.notHere}>Not on this computer</span> : <span />}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <MissingSamples samples={missing} projectFolder={song.projectPath} />
    </>
  );
}

type TimelineRow = { kind: 'version'; version: ProjectVersion } | { kind: 'bounce'; path: string; time: number; olderThanLastSave: boolean };

function Timeline({ songId, timeline }: { songId: string; timeline: SongTimeline }) {
  const rows: TimelineRow[] = timeline.versions.map((version) => ({ kind: 'version', version }));
  if (timeline.bounce) rows.push({ kind: 'bounce', ...timeline.bounce });
  const time = (row: TimelineRow) => (row.kind === 'version' ? row.version.time : row.time);
  // Newest first; a bounce written after a save sits above it.
  rows.sort((a, b) => time(b) - time(a));
  if (rows.length === 0) return <p className={styles.muted}>{timeline.errors[0]?.reason ?? 'This song has no project to read versions from.'}</p>;
  return (
    <>
      {timeline.bounce?.olderThanLastSave ? <p className={styles.caution}>The bounce is older than the project's last save: it may not have the latest changes.</p> : null}
      <ol className={styles.timeline}>
        {rows.map((row) =>
          row.kind === 'bounce' ? (
            <li key={`bounce:${row.path}`} className={styles.bounce}>
              <span className={styles.when}>{DATE.format(row.time)}</span>
              <span className={styles.badgeBounce}>Bounce</span>
              <span className={styles.label}>{row.path.split(/[\\/]/).pop()}</span>
              <span className={styles.changes}>{row.olderThanLastSave ? 'rendered before the last save' : 'rendered after the last save'}</span>
            </li>
          ) : (
            <VersionRow key={row.version.path} songId={songId} version={row.version} />
          ),
        )}
      </ol>
    </>
  );
}

function VersionRow({ songId, version }: { songId: string; version: ProjectVersion }) {
  const meta = version.meta;
  const summary = meta ? [meta.tempo !== null ? `${formatTempo(meta.tempo)} BPM` : null, meta.key, meta.timeSignature, meta.trackCount !== null ? `${meta.trackCount} ${meta.trackCount === 1 ? 'track' : 'tracks'}` : null].filter(Boolean).join(' · ') : null;
  return (
    <li className={styles.version}>
      <span className={styles.when}>{DATE.format(version.time)}</span>
      <span className={version.source === 'save' ? styles.badgeSave : styles.badge}>{SOURCE_LABELS[version.source]}</span>
      <span className={styles.label} title={version.path}>
        {version.label}
        {summary ? <span className={styles.summary}>{summary}</span> : null}
      </span>
      <span className={styles.changes}>
        {version.changes.length === 0 ? <span className={styles.muted}>first version kept</span> : null}
        {version.changes.map((change) => (
          <span key={`${change.kind}:${change.detail}`} className={change.kind === 'no-musical-change' || change.kind === 'daw-version' ? styles.changeQuiet : change.kind === 'unreadable' ? styles.changeError : styles.change}>
            {changeText(change)}
          </span>
        ))}
      </span>
      <span className={styles.actions}>
        {version.daw !== 'logic' ? (
          <button type="button" className={styles.reveal} onClick={() => void openCopy(songId, version)} aria-label={`Open a copy of ${version.label} in the DAW`}>
            Open a copy
          </button>
        ) : null}
        {version.source !== 'snapshot' ? (
          <button type="button" className={styles.reveal} onClick={() => void revealInFolder(version.path)} aria-label={`Reveal ${version.label}`}>
            Reveal
          </button>
        ) : null}
      </span>
    </li>
  );
}

/** Copied beside the project under a new name, then opened: the original is never touched. */
async function openCopy(songId: string, version: ProjectVersion): Promise<void> {
  const result = await callLibrary('songs:open-version-copy', { id: songId, path: version.path });
  if (result.ok) showToast({ kind: 'info', message: `Opened a copy: ${result.data.copy.split(/[\\/]/).pop()}` });
  else showToast({ kind: 'error', message: result.error.message });
}
