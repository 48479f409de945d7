/** The song panel's missing samples (issue 43): by folder, relative to the project, each folder folded past ten. */
import { useState } from 'react';
import { groupMissingSamples, missingSummary, MISSING_SHOWN_PER_FOLDER, type MissingFolder } from './missing-samples';
import styles from './SongPanel.module.css';

export function MissingSamples({ samples, projectFolder }: { samples: readonly string[]; projectFolder: string | null }) {
  const groups = groupMissingSamples(samples, projectFolder);
  return (
    <section className={styles.section} aria-label="Missing samples">
      <h3 className={styles.heading}>Missing samples</h3>
      {groups.length === 0 ? (
        <p className={styles.muted}>None: the project finds every sample it uses.</p>
      ) : (
        <>
          <p className={styles.muted}>{missingSummary(groups)}</p>
          {groups.map((group) => (
            <MissingGroup key={group.folder} group={group} />
          ))}
        </>
      )}
    </section>
  );
}

function MissingGroup({ group }: { group: MissingFolder }) {
  const [open, setOpen] = useState(false);
  const shown = open ? group.files : group.files.slice(0, MISSING_SHOWN_PER_FOLDER);
  const hidden = group.files.length - shown.length;
  return (
    <div className={styles.missingGroup} data-testid="missing-folder">
      <div className={styles.missingFolder} title={group.folder || 'The project folder'}>
        {group.folder || 'Project folder'} <span className={styles.muted}>({group.files.length})</span>
      </div>
      <ul className={styles.missing}>
        {shown.map((file) => (
          <li key={file}>{file}</li>
        ))}
      </ul>
      {hidden > 0 ? (
        <button type="button" className={styles.moreMissing} onClick={() => setOpen(true)}>
          and {hidden} more
        </button>
      ) : null}
    </div>
  );
}
