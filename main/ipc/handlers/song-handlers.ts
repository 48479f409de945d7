/**
 * `songs:*`: pages of a view, the table's bulk actions, a song's versions and waveform, and its audio in the cloud (an
 * upload now, a signed address to play).
 */
import { pullComments, replyToListeners, resolveComment, revokeShare, setCommentCap, shareSong, songCommentsOf, songSharesOf } from '../../sharing/song-shares';
import { analysisOf, foldPeaks, WAVEFORM_PLAYER_PIXELS } from '../../../common/audio/audio-analysis';
import { isCloudFileUrl } from '../../../common/cloud/cloud-files';
import { AppError } from '../../../common/errors';
import { MESSAGES } from '../../../common/messages';
import { bulkDeleteSongs, bulkUpdateSongs } from '../../../db/repositories/bulk-songs';
import { getSong } from '../../../db/repositories/songs';
import { querySongs } from '../../../db/song-query';
import { readWaveform } from '../../analysis/waveforms';
import { copyVersion } from '../../versions/version-copy';
import type { HandlerMap } from '../handler';

export const songHandlers = {
  'songs:query': (input, { db }) => querySongs(db, input),
  'songs:bulk-update': (input, { db }) => bulkUpdateSongs(db, input.ids, input.patch),
  'songs:bulk-delete': (input, ctx) => {
    const { hidden, deleted } = bulkDeleteSongs(ctx.db, input.ids);
    void ctx.uploader.releaseCloudFiles(deleted);
    return { hidden, deleted: deleted.length };
  },
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
  // The song names the waveform by its fingerprint, which `readWaveform` checks: a pulled song names no file here.
  'songs:waveform': async ({ id }, { db, dataDir }) => {
    const song = getSong(db, id);
    const analysis = song ? analysisOf(song) : null;
    const stored = analysis ? await readWaveform(dataDir, analysis.fingerprint) : null;
    if (!analysis || !stored) return { waveform: null };
    return { waveform: { durationS: analysis.durationS, peaks: foldPeaks(stored.peaks, WAVEFORM_PLAYER_PIXELS) } };
  },
  'songs:upload': ({ id }, { uploader }) => uploader.uploadSong(id),
  'songs:share': (input, { db, account, sharedVersions, websiteOrigin }) => shareSong(db, account, sharedVersions, websiteOrigin, input),
  'songs:share-versions': async ({ id }, { db, sharedVersions }) => {
    const song = getSong(db, id);
    if (!song) throw new AppError('not_found', MESSAGES.songNotFound);
    return sharedVersions.list(song);
  },
  'songs:shares': ({ id }, { db, account, comments }) => songSharesOf(db, account, comments, id),
  'songs:share-revoke': ({ token }, { db, account, sharedVersions }) => revokeShare(db, account, sharedVersions, token),
  'songs:share-comment-cap': (input, { db, account }) => setCommentCap(db, account, input),
  'songs:comments': ({ id }, { db }) => songCommentsOf(db, id),
  'songs:comments-pull': (_input, { comments }) => pullComments(comments),
  'songs:comment-reply': (input, { db, account, comments }) => replyToListeners(db, account, comments, input),
  'songs:comment-resolve': (input, { db, account, comments }) => resolveComment(db, account, comments, input),
  'songs:cloud-audio-url': async ({ id }, { db, uploader }) => {
    const value = getSong(db, id)?.file?.value ?? '';
    if (!isCloudFileUrl(value)) throw new AppError('not_found', MESSAGES.songHasNoCloudAudio);
    return { url: await uploader.signedUrl(value) };
  },
} satisfies Partial<HandlerMap>;
