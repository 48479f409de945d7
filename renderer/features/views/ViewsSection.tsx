import { useState, type FormEvent } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { MESSAGES } from '../../../common/messages';
import type { View } from '../../../common/views/view';
import { useAddViewMutation, useDeleteViewMutation, useUpdateViewMutation, useViewsQuery } from '../../api/songshelf-api';
import sidebar from '../ui/SidebarList.module.css';
import { ConfirmDialog } from '../ui/Modal';
import { errorMessage, isLimitReached, showLimitAndOpenPricing } from '../ui/tier-limits';
import { showToast } from '../ui/toasts';
import styles from './ViewsSection.module.css';

/**
 * The sidebar's Views: All Songs, the custom views and Hidden. Custom views are created, renamed and deleted
 * here; the hidden view and the last custom view cannot be deleted (spec section 4).
 */
export function ViewsSection({ activeViewId }: { activeViewId: string | null }) {
  const { data: views = [] } = useViewsQuery();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<View | null>(null);
  const [addView] = useAddViewMutation();
  const [updateView] = useUpdateViewMutation();
  const [deleteView] = useDeleteViewMutation();
  const navigate = useNavigate();
  const listed = views.filter((view) => view.type !== 'directory');
  const customCount = views.filter((view) => view.type === 'custom').length;

  const create = async (title: string) => {
    setCreating(false);
    const result = await addView({ type: 'custom', title });
    if ('data' in result && result.data) void navigate(result.data.path);
    else if ('error' in result && isLimitReached(result.error)) showLimitAndOpenPricing(result.error, navigate);
    else if ('error' in result) showToast({ kind: 'error', message: errorMessage(result.error, 'The view could not be created.') });
  };

  const rename = async (view: View, title: string) => {
    setRenaming(null);
    if (title === view.title) return;
    const result = await updateView({ id: view.id, patch: { title } });
    if ('error' in result) showToast({ kind: 'error', message: errorMessage(result.error, 'The view could not be renamed.') });
  };

  const remove = async (view: View) => {
    setDeleting(null);
    const result = await deleteView({ id: view.id });
    if ('data' in result && result.data) {
      if (view.id === activeViewId) void navigate(result.data.nextPath);
    } else if ('error' in result) showToast({ kind: 'error', message: errorMessage(result.error, 'The view could not be deleted.') });
  };

  return (
    <section aria-labelledby="views-title">
      <div className={styles.titleRow}>
        <h2 id="views-title" className={sidebar.sectionTitle}>
          Views
        </h2>
        <button type="button" className={styles.add} aria-label="New view" title="New view" onClick={() => setCreating(true)}>
          +
        </button>
      </div>
      <ul className={sidebar.viewList}>
        {listed.map((view) =>
          renaming === view.id ? (
            <li key={view.id}>
              <NameInput label="View name" initial={view.title} onDone={(title) => void rename(view, title)} onCancel={() => setRenaming(null)} />
            </li>
          ) : (
            <li key={view.id} className={styles.item}>
              <NavLink to={view.path} className={view.id === activeViewId ? sidebar.viewLinkActive : sidebar.viewLink}>
                {view.title}
              </NavLink>
              {view.type === 'custom' ? (
                <span className={styles.actions}>
                  <button type="button" className={styles.action} aria-label={`Rename ${view.title}`} title="Rename" onClick={() => setRenaming(view.id)}>
                    ✎
                  </button>
                  <button
                    type="button"
                    className={styles.action}
                    aria-label={`Delete ${view.title}`}
                    title={customCount <= 1 ? MESSAGES.lastCustomViewUndeletable : 'Delete'}
                    disabled={customCount <= 1}
                    onClick={() => setDeleting(view)}
                  >
                    ×
                  </button>
                </span>
              ) : null}
            </li>
          ),
        )}
        {creating ? (
          <li>
            <NameInput label="New view name" initial="" onDone={(title) => void create(title)} onCancel={() => setCreating(false)} />
          </li>
        ) : null}
      </ul>
      {deleting ? (
        <ConfirmDialog
          title={`Delete “${deleting.title}”?`}
          message="The view goes away with its sort, filters and columns. Its songs stay in All Songs."
          confirmLabel="Delete view"
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

function NameInput({ label, initial, onDone, onCancel }: { label: string; initial: string; onDone: (name: string) => void; onCancel: () => void }) {
  const [name, setName] = useState(initial);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (name.trim()) onDone(name.trim());
    else onCancel();
  };
  return (
    <form onSubmit={submit}>
      <input
        className={styles.nameInput}
        aria-label={label}
        value={name}
        autoFocus
        maxLength={500}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => setName(event.target.value)}
        onBlur={() => submit()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
      />
    </form>
  );
}
