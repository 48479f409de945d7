/**
 * The renderer's data layer: RTK Query endpoints over the bridge. Cache tags are the core's table names (and
 * `jobs`), so a change event invalidates exactly what that table feeds (see `live-updates.ts`).
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import type { ChangedTable, ChannelInput, ChannelOutput } from '../../common/ipc';
import type { SongQuery } from '../../common/query';
import type { NewSong } from '../../common/song';
import { bridgeBaseQuery, call } from './base-query';

export type TagType = ChangedTable | 'jobs';

/** How many jobs the panel asks for: running ones come first, so this is plenty. */
export const JOBS_SHOWN = 50;
export const TAG_TYPES: readonly TagType[] = ['songs', 'views', 'custom_fields', 'directories', 'user_settings', 'subscription', 'sync_records', 'kv', 'jobs'];

export const songshelfApi = createApi({
  reducerPath: 'songshelf',
  baseQuery: bridgeBaseQuery,
  tagTypes: TAG_TYPES,
  endpoints: (build) => ({
    songPage: build.query<ChannelOutput<'songs:query'>, SongQuery>({
      query: (query) => call('songs:query', query),
      providesTags: ['songs', 'views'],
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
      providesTags: ['songs'],
    }),
    tagSuggestions: build.query<ChannelOutput<'tags:list'>, { prefix: string; limit: number }>({
      query: (input) => call('tags:list', input),
      providesTags: ['songs'],
    }),
    fields: build.query<ChannelOutput<'fields:list'>, void>({
      query: () => call('fields:list', undefined),
      providesTags: ['custom_fields'],
    }),
    addField: build.mutation<ChannelOutput<'fields:add'>, ChannelInput<'fields:add'>>({
      query: (input) => call('fields:add', input),
      invalidatesTags: (result) => (result ? ['custom_fields'] : []),
    }),
    updateField: build.mutation<ChannelOutput<'fields:update'>, ChannelInput<'fields:update'>>({
      query: (input) => call('fields:update', input),
      invalidatesTags: (result) => (result ? ['custom_fields'] : []),
    }),
    removeField: build.mutation<ChannelOutput<'fields:remove'>, ChannelInput<'fields:remove'>>({
      query: (input) => call('fields:remove', input),
      invalidatesTags: (result) => (result ? ['custom_fields'] : []),
    }),
    // Views: the new or changed view must be in the cache before the page navigates or re-queries by it.
    addView: build.mutation<ChannelOutput<'db:add-view'>, ChannelInput<'db:add-view'>>({
      query: (input) => call('db:add-view', input),
      invalidatesTags: (result) => (result ? ['views'] : []),
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
      invalidatesTags: (result) => (result ? ['views'] : []),
    }),
    syncStatus: build.query<ChannelOutput<'sync:status'>, void>({
      query: () => call('sync:status', undefined),
      providesTags: ['kv', 'sync_records', 'subscription'],
    }),
    runSync: build.mutation<ChannelOutput<'sync:run'>, void>({
      query: () => call('sync:run', undefined),
      invalidatesTags: ['kv', 'sync_records', 'songs', 'views', 'user_settings', 'subscription'],
    }),
    resolveRemovals: build.mutation<ChannelOutput<'sync:resolve-removals'>, ChannelInput<'sync:resolve-removals'>>({
      query: (input) => call('sync:resolve-removals', input),
      invalidatesTags: ['kv', 'sync_records', 'songs', 'views', 'custom_fields'],
    }),
    subscription: build.query<ChannelOutput<'db:get-subscription'>, void>({
      query: () => call('db:get-subscription', undefined),
      providesTags: ['subscription'],
    }),
    watchedDirectories: build.query<ChannelOutput<'getWatchedDirectories'>, void>({
      query: () => call('getWatchedDirectories', undefined),
      providesTags: ['directories'],
    }),
    // The new view must be in the cache before the page navigates to it: refetch now, not at the next event.
    watchDirectory: build.mutation<ChannelOutput<'watchDirectory'>, ChannelInput<'watchDirectory'>>({
      query: (input) => call('watchDirectory', input),
      invalidatesTags: (result) => (result ? ['views', 'directories'] : []),
    }),
    removeDirectory: build.mutation<ChannelOutput<'library:remove-directory'>, ChannelInput<'library:remove-directory'>>({
      query: (input) => call('library:remove-directory', input),
      invalidatesTags: (result) => (result ? ['views', 'directories', 'songs'] : []),
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
