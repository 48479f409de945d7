/**
 * Track names (format knowledge from Ardour's ptformat, LGPL-2.1). Pro Tools 8 and later keep every track,
 * audio and MIDI, in one list; Pro Tools 5 and 6 only list audio tracks with their playlists. A track's
 * entry may appear more than once (every real list we have holds each track twice, and the audio list adds
 * playlists under the same name), and Pro Tools refuses two tracks with one name, so names are kept once.
 */
import { childBlocks, type Block } from './block-tree';
import { CONTENT_TYPE } from './content-types';
import { MalformedSessionError, type SessionBytes } from './session-bytes';

/** Offsets of the name in each entry, counted from the entry's content type. */
const TRACK_NAME_OFFSET = 4;
const AUDIO_TRACK_NAME_OFFSET = 2;
/** Pro Tools allows at most a few thousand tracks; a list beyond this is a hostile file. */
export const MAX_TRACKS = 10_000;

/** The track names, or null when the session has no track list at all. */
export function trackNames(
  session: SessionBytes,
  trackList: Block | undefined,
  audioTrackList: Block | undefined,
): string[] | null {
  if (trackList === undefined && audioTrackList === undefined) return null;
  const allTracks = trackList ? namesIn(session, trackList, CONTENT_TYPE.track, TRACK_NAME_OFFSET) : [];
  if (allTracks.length > 0) return allTracks;
  return audioTrackList ? namesIn(session, audioTrackList, CONTENT_TYPE.audioTrack, AUDIO_TRACK_NAME_OFFSET) : [];
}

function namesIn(session: SessionBytes, list: Block, entryType: number, nameOffset: number): string[] {
  const names = new Set<string>();
  for (const entry of childBlocks(session, list, entryType)) {
    const name = session.lengthPrefixedString(entry.contentStart + nameOffset, entry.end).text;
    if (name !== '') names.add(name);
    if (names.size > MAX_TRACKS) throw new MalformedSessionError(`damaged: more than ${MAX_TRACKS} tracks listed`);
  }
  return [...names];
}
