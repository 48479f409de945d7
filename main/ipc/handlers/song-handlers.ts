/** `songs:*` and `tags:list`: pages of a view, the table's bulk actions, and tag completion. */
import { analysisOf, foldPeaks, WAVEFORM_PLAYER_PIXELS } from '../../../common/audio-analysis';
import { AppError } from '../../../common/errors';
import { MESSAGES } from '../../../common/messages';
import { bulkDeleteSongs, bulkUpdateSongs } from '../../../db/repositories/bulk-songs';
import { getSnapshotBudget } from '../../../db/repositories/snapshot-budget';
import { getSong } from '../../../db/repositories/songs';
import { listTags } from '../../../db/repositories/tags';
import { querySongs } from '../../../db/song-query';
import { copyVersion } from '../../library/version-copy';
import { readWaveform } from '../../library/waveforms';
import type { HandlerMap } from '../handler';

export const songHandlers = {
  'songs:query': (input, { db }) => querySongs(db, input),
  'songs:bulk-update': (input, { db }) => bulkUpdateSongs(db, input.ids, input.patch),
  'songs:bulk-delete': (input, ctx) => {
    const { hidden, deleted } = bulkDeleteSongs(ctx.db, input.ids);
    void ctx.uploader.releaseCloudFiles(deleted);
    return { hidden, deleted: deleted.length };
  },
  'tags:list': (input, { db }) => listTags(db, input ?? {}),
  'songs:versions': async ({ id }, { db, library }) => {
    const song = getSong(db, id);
    if (!song) throw new AppError('not_found', MESSAGES.songNotFound);
    return library.timelineOf(song);
  },
  'songs:open-version-copy': async ({ id, path: versionPath }, { db, dataDir, platform }) => {
    const song = getSong(db, id);
    if (!song) throw new AppError('not_found', MESSAGES.songNotFound);
    const copy = await copyVersion(db, dataDir, song, versionPath);
    await platform.openPath(copy);
    return { copy };
  },
  'library:snapshot-budget': (_input, { db }) => getSnapshotBudget(db),
  'library:preview-snapshot-budget': (budget, { library }) => library.snapshots.preview(budget),
  'library:set-snapshot-budget': (budget, { library }) => library.snapshots.setBudget(budget),
  'library:snapshot-usage': (_input, { library }) => library.snapshots.usage(),
  // The song names the waveform by its fingerprint, which `readWaveform` checks: a pulled song names no file here.
  'songs:waveform': async ({ id }, { db, dataDir }) => {
    const song = getSong(db, id);
    const analysis = song ? analysisOf(song) : null;
    const stored = analysis ? await readWaveform(dataDir, analysis.fingerprint) : null;
    if (!analysis || !stored) return { waveform: null };
    return { waveform: { durationS: analysis.durationS, peaks: foldPeaks(stored.peaks, WAVEFORM_PLAYER_PIXELS) } };
  },
} satisfies Partial<HandlerMap>;
