/**
 * The reads of one song's panel (the song, its versions, its links and their comments, the bounces a link may play)
 * and of what this computer keeps (the studio's settings, the snapshot budget and what snapshots take, the demo, the
 * last import), as RTK Query endpoints (issue 44): each names the tables it reads, so the change feed refetches it
 * when they change and no component reads again by hand. As in `songshelf-api.ts`, no endpoint invalidates tags of its
 * own: a mutation's changes come back in its reply, which the feed applies before the mutation resolves.
 *
 * `coreCall` endpoints are this computer's (on the website they answer `no_bridge`; the components skip them there);
 * `call` ones are the library's, which the website's cloud core answers too (`web-library/cloud-core.ts`).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TagDescription } from '@reduxjs/toolkit/query/react';
import { useDispatch } from 'react-redux';
import type { ChannelInput, ChannelOutput } from '../../common/bridge/ipc';
import type { Song } from '../../common/songs/song';
import { SONG_FIELD_NAMES, type SongFieldName } from '../../common/songs/song-fields';
import { call, coreCall } from './base-query';
import { readsSong } from './core-changes';
import { songshelfApi, type TagType } from './songshelf-api';

/** What an endpoint that reads songs provides: the song fields it reads. */
function readsSongs(...fields: SongFieldName[]): TagDescription<TagType>[] {
  return fields.map((id) => ({ type: 'songs', id }));
}

/** Where a song's project and audio are: what its versions and the bounces a link may play are read from. */
const PROJECT_FIELDS: SongFieldName[] = ['file', 'projectPath', 'recordingSession'];

export const detailApi = songshelfApi.injectEndpoints({
  endpoints: (build) => ({
    /** One song as the panel shows it, hidden or not; null once it no longer exists. */
    song: build.query<Song | null, string>({
      query: (id) => call('db:get-songs', { ids: [id], includeHidden: true }),
      transformResponse: (songs: ChannelOutput<'db:get-songs'>) => songs[0] ?? null,
      // That song's fields: another song's write does not read it again.
      providesTags: (_song, _error, id) => readsSong(id, ...SONG_FIELD_NAMES),
    }),
    /** The song's project versions, read from its folder (the app only). */
    songVersions: build.query<ChannelOutput<'songs:versions'>, string>({
      query: (id) => call('songs:versions', { id }),
      providesTags: (_versions, _error, id) => readsSong(id, ...PROJECT_FIELDS),
    }),
    shareVersions: build.query<ChannelOutput<'songs:share-versions'>, string>({
      query: (id) => coreCall('songs:share-versions', { id }),
      providesTags: (_versions, _error, id) => readsSong(id, ...PROJECT_FIELDS),
    }),
    /** The song's links, each with its comments counted against its cap. */
    songShares: build.query<ChannelOutput<'songs:shares'>, string>({
      query: (id) => coreCall('songs:shares', { id }),
      providesTags: ['song_shares', 'song_comments'],
    }),
    /** What the song's listeners wrote, as last pulled. */
    songComments: build.query<ChannelOutput<'songs:comments'>, string>({
      query: (id) => coreCall('songs:comments', { id }),
      providesTags: ['song_comments'],
    }),
    /** Pulls the comments from the cloud now: what it files reaches the reads above through the feed. */
    pullComments: build.mutation<ChannelOutput<'songs:comments-pull'>, void>({
      query: () => coreCall('songs:comments-pull', undefined),
    }),
    /** The studio's settings (the website keeps its own, in the browser; told as `kv` on both). */
    studioSettings: build.query<ChannelOutput<'studio:settings'>, void>({
      query: () => call('studio:settings', undefined),
      providesTags: ['kv'],
    }),
    setStudioSettings: build.mutation<ChannelOutput<'studio:set-settings'>, ChannelInput<'studio:set-settings'>>({
      query: (patch) => call('studio:set-settings', patch),
      // Shown at once; put back as it was when the core refuses.
      async onQueryStarted(patch, { dispatch, queryFulfilled }) {
        const update = dispatch(detailApi.util.updateQueryData('studioSettings', undefined, (settings) => void Object.assign(settings, patch)));
        try {
          await queryFulfilled;
        } catch {
          update.undo();
        }
      },
    }),
    snapshotBudget: build.query<ChannelOutput<'library:snapshot-budget'>, void>({
      query: () => coreCall('library:snapshot-budget', undefined),
      providesTags: ['kv'],
    }),
    /** What the snapshots take now: read again when the budget changes (which removes those it leaves out). */
    snapshotUsage: build.query<ChannelOutput<'library:snapshot-usage'>, void>({
      query: () => coreCall('library:snapshot-usage', undefined),
      providesTags: ['kv'],
    }),
    /**
     * Whether the demo is watched, and what removing it would take (its songs, its files, the user's that stay): read
     * when asked (the files are not on the feed), and again by the feed while shown.
     */
    demoState: build.query<ChannelOutput<'library:demo'>, void>({
      query: () => coreCall('library:demo', { action: 'state' }),
      providesTags: ['directories', ...readsSongs(...PROJECT_FIELDS)],
    }),
    /** The last import while it can be undone (kept in `kv`). */
    lastImport: build.query<ChannelOutput<'library:last-import'>, void>({
      query: () => coreCall('library:last-import', undefined),
      providesTags: ['kv'],
    }),
    /**
     * The folders in one folder of the home folder (the browser host's folder browser). The file system is not on the
     * feed: each opening of a folder reads it again (nothing kept once unused).
     */
    folderListing: build.query<ChannelOutput<'library:browse-folders'>, string | undefined>({
      query: (path) => coreCall('library:browse-folders', path === undefined ? {} : { path }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const {
  useSongQuery,
  useSongVersionsQuery,
  useShareVersionsQuery,
  useSongSharesQuery,
  useSongCommentsQuery,
  usePullCommentsMutation,
  useStudioSettingsQuery,
  useSetStudioSettingsMutation,
  useSnapshotBudgetQuery,
  useSnapshotUsageQuery,
  useDemoStateQuery,
  useLazyDemoStateQuery,
  useLastImportQuery,
  useFolderListingQuery,
} = detailApi;

/**
 * Shows a song as the core wrote it (an edit's reply) in the panel's read of it at once; the read the feed asks for
 * next brings the same row.
 */
export function useSettleSong(id: string): (song: Song) => void {
  const dispatch = useDispatch<ThunkDispatch<{ [songshelfApi.reducerPath]: ReturnType<typeof detailApi.reducer> }, unknown, UnknownAction>>();
  return (song) => void dispatch(detailApi.util.updateQueryData('song', id, () => song));
}
