import { useState, type FormEvent } from 'react';
import { NavLink } from 'react-router';
import { DEMO_FOLDER_NAME, type DemoState } from '../../../common/projects/library';
import { useRemoveDirectoryMutation, useWatchedDirectoriesQuery } from '../../api/songshelf-api';
import { errorMessage } from '../../api/base-query';
import { callCore, hasCore } from '../../api/calls';
import { useLazyDemoStateQuery } from '../../api/detail-endpoints';
import sidebar from '../ui/SidebarList.module.css';
import controls from '../ui/controls.module.css';
import { showToast } from '../ui/toasts';
import { FolderBrowser } from './FolderBrowser';
import styles from './FoldersSection.module.css';
import { useWatchFolders } from './use-watch-folders';

/**
 * The demo library goes with its songs and the files Songshelf wrote for it, after the user has read what will go
 * and what stays (anything they saved in its folder). What it would take is read when Remove is pressed (the
 * `demoState` endpoint): the files in its folder are not on the change feed, and may have changed since any read.
 */
function RemoveDemo() {
  const [readDemo] = useLazyDemoStateQuery();
  const remove = async () => {
    if (!hasCore()) return;
    const state = await readDemo();
    if (!state.data) {
      showToast({ kind: 'error', message: errorMessage(state.error, 'The demo library could not be read.') });
      return;
    }
    if (!window.confirm(demoRemovalQuestion(state.data))) return;
    const result = await callCore('library:demo', { action: 'remove' });
    if (!result.ok) showToast({ kind: 'error', message: result.error.message });
  };
  return (
    <button type="button" className={styles.removeDemo} onClick={() => void remove()} aria-label="Remove the demo library">
      Remove
    </button>
  );
}

export function demoRemovalQuestion({ removal }: DemoState): string {
  if (!removal) return 'Stop watching the demo library? Its folder is not the demo Songshelf wrote, so no file in it is removed.';
  const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  const stays = removal.otherFiles > 0 ? ` ${plural(removal.otherFiles, 'other file')} in its folder (yours, or demo files you changed) stay.` : '';
  return `Remove the demo library? Its ${plural(removal.songs, 'song')} and the ${plural(removal.files, 'file')} Songshelf wrote for it are removed.${stays}`;
}

/** The sidebar's Project Directories: each watched folder with its view, adding one, removing one. */
export function FoldersSection({ activeViewId }: { activeViewId: string | null }) {
  const { data: folders = [] } = useWatchedDirectoriesQuery();
  const [removeDirectory] = useRemoveDirectoryMutation();
  return (
    <section aria-labelledby="folders-title">
      <h2 id="folders-title" className={sidebar.sectionTitle}>
        Project Directories
      </h2>
      <ul className={sidebar.viewList}>
        {folders.map((folder) => (
          <li key={folder.id} className={styles.folder} title={folder.path}>
            <NavLink to={folder.viewId ? `/${folder.viewId}` : '/dashboard'} className={folder.viewId === activeViewId ? sidebar.viewLinkActive : sidebar.viewLink}>
              {basename(folder.path)}
            </NavLink>
            {basename(folder.path) === DEMO_FOLDER_NAME ? (
              <RemoveDemo />
            ) : (
              <button
                type="button"
                className={styles.remove}
                aria-label={`Stop watching ${folder.path}`}
                onClick={() => {
                  if (window.confirm(`Stop watching ${folder.path}? Its songs move to Hidden, with everything you set.`)) {
                    void removeDirectory({ id: folder.id });
                  }
                }}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
      <AddFolderForm />
    </section>
  );
}

function AddFolderForm() {
  const [folder, setFolder] = useState('');
  const { watch, choose, browsing, closeBrowser, isWatching, error } = useWatchFolders();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await watch([folder.trim()], { inline: true })) setFolder('');
  };

  return (
    <form className={styles.addForm} onSubmit={(event) => void submit(event)}>
      <button type="button" className={`${controls.button} ${styles.choose}`} onClick={() => void choose()} disabled={isWatching}>
        Choose folder…
      </button>
      <label className={styles.label} htmlFor="add-folder-path">
        Add a folder
      </label>
      <div className={styles.row}>
        <input
          id="add-folder-path"
          className={controls.input}
          value={folder}
          onChange={(event) => setFolder(event.target.value)}
          placeholder="/Users/you/Music/Projects"
          autoComplete="off"
          spellCheck={false}
        />
        <button className={controls.button} type="submit" disabled={isWatching || folder.trim() === ''}>
          {isWatching ? 'Adding…' : 'Watch'}
        </button>
      </div>
      {error && 'message' in error && error.code !== 'limit_reached' ? (
        <p className={controls.error} role="alert">
          {error.message}
        </p>
      ) : null}
      {browsing ? <FolderBrowser onWatch={(path) => watch([path])} onClose={closeBrowser} /> : null}
    </form>
  );
}

function basename(folder: string): string {
  return folder.split(/[\\/]+/).filter(Boolean).at(-1) ?? folder;
}
