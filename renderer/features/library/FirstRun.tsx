/**
 * The empty library's first screen (issue 20): what Songshelf does, "Choose folder…" and "Try a demo library".
 * The demo is a small generated library in ~/Music that the sidebar removes in one click.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { callCore, hasCore } from '../../api/calls';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import { FolderBrowser } from './FolderBrowser';
import styles from './FirstRun.module.css';
import { useWatchFolders } from './use-watch-folders';

export function FirstRun() {
  const { watch, choose, browsing, closeBrowser, isWatching } = useWatchFolders();
  const [addingDemo, setAddingDemo] = useState(false);
  const navigate = useNavigate();

  const tryDemo = async () => {
    if (!hasCore()) return;
    setAddingDemo(true);
    const result = await callCore('library:demo', { action: 'add' });
    setAddingDemo(false);
    if (!result.ok) {
      showToast({ kind: 'error', message: result.error.message });
      return;
    }
    const folders = await callCore('getWatchedDirectories');
    const demo = folders.ok ? folders.data.find((folder) => folder.path === result.data.path) : undefined;
    if (demo?.viewId) void navigate(`/${demo.viewId}`);
  };

  return (
    <div className={styles.firstRun}>
      <h2 className={styles.title}>Your music, every project in one place</h2>
      <p className={styles.text}>
        Songshelf watches the folders where you keep Ableton Live, Logic Pro and Pro Tools projects, makes a song of each, and reads its tempo, key and every saved version.
      </p>
      <div className={styles.actions}>
        <button type="button" className={`${controls.button} ${controls.primary}`} onClick={() => void choose()} disabled={isWatching}>
          Choose folder…
        </button>
        <button type="button" className={controls.button} onClick={() => void tryDemo()} disabled={addingDemo}>
          {addingDemo ? 'Writing the demo…' : 'Try a demo library'}
        </button>
      </div>
      <p className={styles.hint}>The demo is a few generated projects in your Music folder; remove it from the sidebar in one click.</p>
      {browsing ? <FolderBrowser onWatch={(path) => watch([path])} onClose={closeBrowser} /> : null}
    </div>
  );
}
