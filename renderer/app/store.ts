/** The Redux store: RTK Query's cache of core data, and (later) the UI's own slices. */
import { configureStore } from '@reduxjs/toolkit';
import { songshelfApi } from '../api/songshelf-api';

export function createStore() {
  return configureStore({
    reducer: { [songshelfApi.reducerPath]: songshelfApi.reducer },
    middleware: (getDefault) => getDefault().concat(songshelfApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
