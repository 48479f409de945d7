import { useState, type FormEvent } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { useRemoveDirectoryMutation, useWatchDirectoryMutation, useWatchedDirectoriesQuery } from '../../api/songshelf-api';
import sidebar from '../dashboard/DashboardLayout.module.css';
import controls from '../ui/controls.module.css';
import styles from './FoldersSection.module.css';

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
          </li>
        ))}
      </ul>
      <AddFolderForm />
    </section>
  );
}

function AddFolderForm() {
  const [folder, setFolder] = useState('');
  const [watchDirectory, { isLoading, error, reset }] = useWatchDirectoryMutation();
  const navigate = useNavigate();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await watchDirectory({ path: folder.trim() });
    if ('data' in result && result.data) {
      setFolder('');
      void navigate(`/${result.data.view.id}`);
    } else if ('error' in result && result.error && 'code' in result.error && result.error.code === 'limit_reached') {
      // Spec section 5: the limit shows an alert, opens the pricing page, and adds nothing.
      window.alert(result.error.message);
      reset();
      void navigate('/pricing');
    }
  };

  return (
    <form className={styles.addForm} onSubmit={(event) => void submit(event)}>
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
        <button className={controls.button} type="submit" disabled={isLoading || folder.trim() === ''}>
          {isLoading ? 'Adding…' : 'Watch'}
        </button>
      </div>
      {error && 'message' in error && error.code !== 'limit_reached' ? (
        <p className={controls.error} role="alert">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}

function basename(folder: string): string {
  return folder.split(/[\\/]+/).filter(Boolean).at(-1) ?? folder;
}
