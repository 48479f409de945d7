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
export const TAG_TYPES: readonly TagType[] = ['songs', 'views', 'directories', 'user_settings', 'subscription', 'sync_records', 'kv', 'jobs'];

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
  useSongPageQuery,
  useViewsQuery,
  useAddSongMutation,
  useWatchedDirectoriesQuery,
  useWatchDirectoryMutation,
  useRemoveDirectoryMutation,
  useScanDirectoryMutation,
  useJobsQuery,
  useCancelJobMutation,
  useRetryJobMutation,
} = songshelfApi;
