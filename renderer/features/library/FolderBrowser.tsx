/**
 * The browser host's folder browser (issue 20): the folders of the home folder, listed by the host
 * (`library:browse-folders`, an RTK Query read of each folder as it is entered), entered by a click, watched with
 * "Watch this folder". A folder the rules refuse says why.
 */
import { useState } from 'react';
import { errorMessage } from '../../api/base-query';
import { useFolderListingQuery } from '../../api/detail-endpoints';
import controls from '../ui/controls.module.css';
import { Icon } from '../ui/icons';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';
import styles from './FolderBrowser.module.css';

export function FolderBrowser({ onWatch, onClose }: { onWatch: (path: string) => Promise<boolean>; onClose: () => void }) {
  const [at, setAt] = useState<string | undefined>(undefined);
  // The folder left stays listed until the one entered is read; a folder that cannot be read says why.
  const { data: listing, error: failure } = useFolderListingQuery(at);
  const error = failure ? errorMessage(failure, 'The folder could not be read.') : null;

  return (
    <Modal title="Choose a folder to watch" onClose={onClose} wide>
      {listing ? (
        <>
          <div className={styles.place}>
            <button type="button" className={`${controls.button} ${controls.small}`} disabled={listing.parent === null} onClick={() => setAt(listing.parent ?? undefined)} aria-label="Up one folder">
              ↑ Up
            </button>
            <span className={styles.path} title={listing.path}>
              {listing.path}
            </span>
            <button
              type="button"
              className={`${controls.button} ${controls.primary} ${controls.small}`}
              disabled={!listing.watchable}
              title={listing.reason}
              onClick={() => void onWatch(listing.path).then((added) => added && onClose())}
            >
              Watch this folder
            </button>
          </div>
          {!listing.watchable && listing.reason ? <p className={styles.reason}>{listing.reason}</p> : null}
          <ul className={styles.list} aria-label="Folders">
            {listing.folders.map((folder) => (
              <li key={folder.path}>
                <button type="button" className={styles.folder} onClick={() => setAt(folder.path)} title={folder.reason ?? folder.path}>
                  <Icon name="folder" size={12} /> {folder.name}
                </button>
              </li>
            ))}
            {listing.folders.length === 0 ? <li className={styles.empty}>No folders here.</li> : null}
          </ul>
          {listing.truncated ? <p className={styles.reason}>Only the first 1,000 folders are listed.</p> : null}
        </>
      ) : error ? null : (
        <Spinner label="Reading the folders" />
      )}
      {error ? (
        <p className={controls.error} role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
