/**
 * The renderer's data layer: RTK Query endpoints over the bridge. Cache tags are the core's table names, so
 * a `db:changed` event invalidates exactly what that table feeds (see `live-updates.ts`).
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import type { ChannelOutput, ChangedTable } from '../../common/ipc';
import type { SongQuery } from '../../common/query';
import type { NewSong } from '../../common/song';
import { bridgeBaseQuery, call } from './base-query';

export const TAG_TYPES: readonly ChangedTable[] = ['songs', 'views', 'user_settings', 'subscription', 'sync_records', 'kv'];

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
  }),
});

export const { useSongPageQuery, useViewsQuery, useAddSongMutation } = songshelfApi;
