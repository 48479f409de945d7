import { useWatchedDirectoriesQuery } from '../../api/songshelf-api';
import sidebar from '../ui/SidebarList.module.css';
import styles from './WebFoldersSection.module.css';

/**
 * The website's Project Directories (spec section 2's sidebar): the folders the user's computers watch, as their
 * settings in the cloud hold them, read again every 30 s (`cloud-core.ts`). Shown only: a folder is added or removed in
 * the app on the computer that has it.
 */
export function WebFoldersSection() {
  const { data: folders = [] } = useWatchedDirectoriesQuery();
  return (
    <section aria-labelledby="web-folders-title">
      <h2 id="web-folders-title" className={sidebar.sectionTitle}>
        Project Directories
      </h2>
      <ul className={sidebar.viewList}>
        {folders.map((folder) => (
          <li key={folder.id} className={styles.folder} title={folder.path}>
            {basename(folder.path)}
          </li>
        ))}
      </ul>
      <p className={styles.note}>{folders.length === 0 ? 'The folders your computers watch appear here.' : 'Watched by Songshelf on your computers.'}</p>
    </section>
  );
}

function basename(folder: string): string {
  return folder.split(/[\\/]+/).filter(Boolean).at(-1) ?? folder;
}
