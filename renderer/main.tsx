/** The renderer's start: find the bridge, build the store, follow the core's changes, render. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { followCoreChanges } from './app/live-updates';
import { createAppRouter } from './app/routes';
import { askNotificationPermissionOnFirstClick } from './app/notifications';
import { createStore } from './app/store';
import { installBridge } from './bridge/bridge';
import './styles/base.css';

const api = installBridge();
const store = createStore();
if (api) {
  followCoreChanges(api, store.dispatch);
  askNotificationPermissionOnFirstClick();
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
