/**
 * The renderer's data layer: RTK Query endpoints over the bridge. Cache tags are the core's table names, and for
 * `songs` the fields an endpoint reads (`{ type: 'songs', id: field }`); a read of one song is tagged by the song too
 * (`readsSong`), so a change invalidates exactly what it feeds. The change feed (`core-changes.ts`) is the one
 * invalidator: a mutation's own changes come back in its reply and are applied at once, before the mutation
 * resolves, so no endpoint invalidates tags of its own.
 */
import { createApi, type TagDescription } from '@reduxjs/toolkit/query/react';
import { CHANGED_TABLES, type ChannelInput, type ChannelOutput } from '../../common/bridge/ipc';
import type { SongQuery } from '../../common/views/query';
import { PLUGINS_HERE, type ToldSongField } from '../../common/views/row-moves';
import type { NewSong } from '../../common/songs/song';
import { SONG_FIELD_NAMES } from '../../common/songs/song-fields';
import { bridgeBaseQuery, call } from './base-query';
import { readsSong, type CacheTag } from './core-changes';

export type TagType = CacheTag;

/** What an endpoint that reads songs provides: the song fields it reads (a change of another does not refetch it). */
function readsSongs(...fields: ToldSongField[]): TagDescription<TagType>[] {
  return fields.map((id) => ({ type: 'songs', id }));
}

/** How many jobs the panel asks for: running ones come first, so this is plenty. */
export const JOBS_SHOWN = 50;
export const TAG_TYPES: readonly TagType[] = [...CHANGED_TABLES, 'song'];

export const songshelfApi = createApi({
  reducerPath: 'songshelf',
  baseQuery: bridgeBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: (build) => ({
    songPage: build.query<ChannelOutput<'songs:query'>, SongQuery>({
      query: (query) => call('songs:query', query),
      providesTags: [...readsSongs(...SONG_FIELD_NAMES, PLUGINS_HERE), 'views'],
    }),
    views: build.query<ChannelOutput<'db:get-views'>, void>({
      query: () => call('db:get-views', undefined),
      providesTags: ['views'],
    }),
    addSong: build.mutation<ChannelOutput<'db:add-song'>, NewSong>({
      query: (song) => call('db:add-song', song),
    }),
    deleteSong: build.mutation<ChannelOutput<'db:delete-song'>, ChannelInput<'db:delete-song'>>({
      query: (input) => call('db:delete-song', input),
    }),
    bulkUpdateSongs: build.mutation<ChannelOutput<'songs:bulk-update'>, ChannelInput<'songs:bulk-update'>>({
      query: (input) => call('songs:bulk-update', input),
    }),
    bulkDeleteSongs: build.mutation<ChannelOutput<'songs:bulk-delete'>, ChannelInput<'songs:bulk-delete'>>({
      query: (input) => call('songs:bulk-delete', input),
    }),
    songWaveform: build.query<ChannelOutput<'songs:waveform'>, string>({
      query: (id) => call('songs:waveform', { id }),
      // The song's audio, and what its analysis found.
      providesTags: (_shape, _error, id) => readsSong(id, 'file', 'meta'),
    }),
    tagSuggestions: build.query<ChannelOutput<'tags:list'>, { prefix: string; limit: number }>({
      query: (input) => call('tags:list', input),
      // Hidden songs' tags are not counted.
      providesTags: readsSongs('tags', 'hidden'),
    }),
    plugins: build.query<ChannelOutput<'plugins:list'>, void>({
      query: () => call('plugins:list', undefined),
      // What projects load (meta) outside Hidden, and which of them are installed here.
      providesTags: readsSongs('meta', 'hidden', PLUGINS_HERE),
    }),
    studioSummary: build.query<ChannelOutput<'studio:summary'>, void>({
      query: () => call('studio:summary', undefined),
      // The saves' sessions (meta), finished songs (status and its edit time), outside Hidden.
      providesTags: readsSongs('meta', 'status', 'editedAt', 'hidden'),
    }),
    focus: build.query<ChannelOutput<'studio:focus'>, void>({
      query: () => call('studio:focus', undefined),
      // The pinned songs as their cards show them.
      providesTags: readsSongs('focus', 'nextStep', 'hidden', 'name', 'status', 'meta'),
    }),
    fields: build.query<ChannelOutput<'fields:list'>, void>({
      query: () => call('fields:list', undefined),
      providesTags: ['custom_fields'],
    }),
    addField: build.mutation<ChannelOutput<'fields:add'>, ChannelInput<'fields:add'>>({
      query: (input) => call('fields:add', input),
    }),
    updateField: build.mutation<ChannelOutput<'fields:update'>, ChannelInput<'fields:update'>>({
      query: (input) => call('fields:update', input),
    }),
    removeField: build.mutation<ChannelOutput<'fields:remove'>, ChannelInput<'fields:remove'>>({
      query: (input) => call('fields:remove', input),
    }),
    // Views: the new or changed view is in the cache before the page navigates or re-queries by it, as the reply's
    // changes (applied at once) have refetched the views.
    addView: build.mutation<ChannelOutput<'db:add-view'>, ChannelInput<'db:add-view'>>({
      query: (input) => call('db:add-view', input),
    }),
    updateView: build.mutation<ChannelOutput<'db:update-view'>, ChannelInput<'db:update-view'>>({
      query: (input) => call('db:update-view', input),
      // Shown at once: the sort, filters and columns of a view change the table before the core answers.
      async onQueryStarted({ id, patch }, { dispatch, queryFulfilled }) {
        const update = dispatch(
          songshelfApi.util.updateQueryData('views', undefined, (views) => {
            const view = views.find((candidate) => candidate.id === id);
            if (view) Object.assign(view, patch);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          update.undo();
        }
      },
    }),
    deleteView: build.mutation<ChannelOutput<'db:delete-view'>, ChannelInput<'db:delete-view'>>({
      query: (input) => call('db:delete-view', input),
    }),
    syncStatus: build.query<ChannelOutput<'sync:status'>, void>({
      query: () => call('sync:status', undefined),
      // The last sync is kept in `kv`. The count of records waiting is not shown: an edit, which queues one, does not
      // refetch the status; the sync that sends it does.
      providesTags: ['kv', 'subscription'],
    }),
    runSync: build.mutation<ChannelOutput<'sync:run'>, void>({
      query: () => call('sync:run', undefined),
    }),
    resolveRemovals: build.mutation<ChannelOutput<'sync:resolve-removals'>, ChannelInput<'sync:resolve-removals'>>({
      query: (input) => call('sync:resolve-removals', input),
    }),
    subscription: build.query<ChannelOutput<'db:get-subscription'>, void>({
      query: () => call('db:get-subscription', undefined),
      providesTags: ['subscription'],
    }),
    watchedDirectories: build.query<ChannelOutput<'getWatchedDirectories'>, void>({
      query: () => call('getWatchedDirectories', undefined),
      providesTags: ['directories'],
    }),
    // The new view is in the cache before the page navigates to it: the reply's changes refetch the views at once.
    watchDirectory: build.mutation<ChannelOutput<'watchDirectory'>, ChannelInput<'watchDirectory'>>({
      query: (input) => call('watchDirectory', input),
    }),
    removeDirectory: build.mutation<ChannelOutput<'library:remove-directory'>, ChannelInput<'library:remove-directory'>>({
      query: (input) => call('library:remove-directory', input),
    }),
    scanDirectory: build.mutation<ChannelOutput<'scanDirectory'>, ChannelInput<'scanDirectory'>>({
      query: (input) => call('scanDirectory', input),
    }),
    jobs: build.query<ChannelOutput<'jobs:list'>, void>({
      query: () => call('jobs:list', { states: ['queued', 'running', 'failed'], limit: JOBS_SHOWN }),
      providesTags: ['jobs'],
    }),
    cancelJob: build.mutation<ChannelOutput<'jobs:cancel'>, number>({
      query: (id) => call('jobs:cancel', { id }),
    }),
    retryJob: build.mutation<ChannelOutput<'jobs:retry'>, number>({
      query: (id) => call('jobs:retry', { id }),
    }),
  }),
});

export const {
  useSyncStatusQuery,
  useRunSyncMutation,
  useResolveRemovalsMutation,
  useSongPageQuery,
  useViewsQuery,
  useAddSongMutation,
  useDeleteSongMutation,
  useBulkUpdateSongsMutation,
  useBulkDeleteSongsMutation,
  useTagSuggestionsQuery,
  useSongWaveformQuery,
  useFieldsQuery,
  usePluginsQuery,
  useStudioSummaryQuery,
  useFocusQuery,
  useAddFieldMutation,
  useUpdateFieldMutation,
  useRemoveFieldMutation,
  useAddViewMutation,
  useUpdateViewMutation,
  useDeleteViewMutation,
  useSubscriptionQuery,
  useWatchedDirectoriesQuery,
  useWatchDirectoryMutation,
  useRemoveDirectoryMutation,
  useScanDirectoryMutation,
  useJobsQuery,
  useCancelJobMutation,
  useRetryJobMutation,
} = songshelfApi;
