import { useState, type FormEvent } from 'react';
import { useAddSongMutation } from '../../api/songshelf-api';
import controls from '../ui/controls.module.css';
import styles from './DashboardPage.module.css';

/** Adds a song by name; the table refreshes itself from the core's change event. */
export function AddSongForm() {
  const [name, setName] = useState('');
  const [addSong, { isLoading, error }] = useAddSongMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const result = await addSong({ name: trimmed });
    if (!('error' in result)) setName('');
  };

  return (
    <form className={styles.addForm} onSubmit={(event) => void submit(event)}>
      <label className={styles.visuallyHidden} htmlFor="new-song-name">
        New song name
      </label>
      <input
        id="new-song-name"
        className={controls.input}
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder="New song name"
        maxLength={500}
        autoComplete="off"
      />
      <button className={controls.primary} type="submit" disabled={isLoading || name.trim() === ''}>
        {isLoading ? 'Adding…' : 'Add song'}
      </button>
      {error && 'message' in error ? (
        <p className={controls.error} role="alert">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}
