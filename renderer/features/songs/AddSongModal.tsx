import { useState, type FormEvent } from 'react';
import { failureText, MESSAGES } from '../../../common/messages';
import type { NewSong } from '../../../common/songs/song';
import { useAddSongMutation } from '../../api/songshelf-api';
import { hasCore } from '../../api/calls';
import { Modal } from '../ui/Modal';
import controls from '../ui/controls.module.css';
import { errorMessage } from '../ui/tier-limits';
import { recordingSessionFrom, saveLocalFile, songFileFrom } from './save-local-file';
import styles from './AddSongModal.module.css';

/** `/:viewId/modal/add-song`: a song added by hand, with an optional audio file and recording session. */
export function AddSongModal({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [audio, setAudio] = useState<File | null>(null);
  const [session, setSession] = useState<File | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [addSong] = useAddSongMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!hasCore() || !name.trim()) return;
    setError(null);
    try {
      const song: NewSong = { name: name.trim(), source: 'manual' };
      if (audio) {
        const saved = await saveLocalFile(audio, 'audio', (fraction) => setProgress(`Saving ${audio.name}… ${Math.round(fraction * 100)}%`));
        song.file = songFileFrom(saved);
      }
      if (session) {
        const saved = await saveLocalFile(session, 'session', (fraction) => setProgress(`Saving ${session.name}… ${Math.round(fraction * 100)}%`));
        song.recordingSession = recordingSessionFrom(saved);
      }
      setProgress('Adding the song…');
      const result = await addSong(song);
      if ('error' in result) throw new Error(failureText(MESSAGES.songAddFailed, errorMessage(result.error, 'unknown error')));
      onClose();
    } catch (failure) {
      setProgress(null);
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const busy = progress !== null;
  return (
    <Modal title="Add a song" onClose={onClose}>
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <label className={controls.label}>
          Song name
          <input className={controls.input} value={name} onChange={(event) => setName(event.target.value)} maxLength={500} required autoComplete="off" />
        </label>
        <label className={controls.label}>
          Audio file (optional)
          <input className={styles.file} type="file" accept="audio/*,.wav,.mp3,.aif,.aiff,.flac,.m4a,.ogg" onChange={(event) => setAudio(event.target.files?.[0] ?? null)} />
        </label>
        <label className={controls.label}>
          Recording session (optional)
          <input className={styles.file} type="file" accept=".als,.ptx,.ptf,.pts" onChange={(event) => setSession(event.target.files?.[0] ?? null)} />
        </label>
        {progress ? <p className={styles.progress} role="status">{progress}</p> : null}
        {error ? (
          <p className={controls.error} role="alert">
            {error}
          </p>
        ) : null}
        <footer className={styles.footer}>
          <button type="button" className={controls.button} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className={controls.primary} disabled={busy || name.trim() === ''}>
            {busy ? 'Adding…' : 'Add song'}
          </button>
        </footer>
      </form>
    </Modal>
  );
}
