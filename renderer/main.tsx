/** The renderer's start: find the bridge, build the store, follow the core's changes, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { songshelfApi } from './api/songshelf-api';
import { followCoreChanges } from './app/live-updates';
import { createAppRouter } from './app/routes';
import { askNotificationPermissionOnFirstClick } from './app/notifications';
import { reportUserActivity } from './app/user-activity';
import { createStore } from './app/store';
import { installBridge } from './bridge/bridge';
import './styles/base.css';

const api = installBridge();
const store = createStore();
// On the website too: its cloud library (installed when the dashboard opens) tells its changes the same way.
followCoreChanges(store.dispatch);
if (api) {
  // Asked while the dashboard's code is still loading: the table waits on the views to know what to list.
  void store.dispatch(songshelfApi.util.prefetch('views', undefined, {}));
  askNotificationPermissionOnFirstClick();
  reportUserActivity(api);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <RouterProvider router={createAppRouter()} />
    </Provider>
  </StrictMode>,
);
