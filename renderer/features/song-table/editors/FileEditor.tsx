import { useRef, useState } from 'react';
import { hasCore } from '../../../api/calls';
import { recordingSessionFrom, saveLocalFile, songFileFrom } from '../../songs';
import { openInDaw, revealInFolder } from '../../songs';
import type { EditorProps } from './types';
import styles from './editors.module.css';

/** The song's audio or recording session: link or replace it with a file from disk, reveal it, unlink it. */
export function FileEditor({ song, save, close, which }: EditorProps & { which: 'audio' | 'session' }) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = which === 'audio' ? song.file : song.recordingSession;
  const path = which === 'audio' ? (song.file?.localPath ?? null) : (song.recordingSession?.value ?? null);
  const noun = which === 'audio' ? 'audio file' : 'recording session';

  const choose = async (file: File) => {
    if (!hasCore()) return;
    setError(null);
    setProgress(0);
    try {
      const saved = await saveLocalFile(file, which, setProgress);
      save(which === 'audio' ? { file: songFileFrom(saved) } : { recordingSession: recordingSessionFrom(saved) });
      close(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setProgress(null);
    }
  };

  return (
    <div
      className={styles.popover}
      role="dialog"
      aria-label={`Song ${noun}`}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close(null);
        }
      }}
    >
      <p className={styles.fileName}>{current ? current.fileName : `No ${noun} linked`}</p>
      {path ? <p className={styles.path}>{path}</p> : null}
      {progress !== null ? <progress className={styles.progress} value={progress} max={1} aria-label={`Saving ${noun}`} /> : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.fileActions}>
        <button type="button" className={styles.action} autoFocus onClick={() => input.current?.click()} disabled={progress !== null}>
          {current ? 'Replace…' : 'Choose file…'}
        </button>
        {path ? (
          <button type="button" className={styles.action} onClick={() => void revealInFolder(path)}>
            Reveal
          </button>
        ) : null}
        {which === 'session' && path ? (
          <button type="button" className={styles.action} onClick={() => void openInDaw(path)}>
            Open in DAW
          </button>
        ) : null}
        {current ? (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              save(which === 'audio' ? { file: null } : { recordingSession: null });
              close(null);
            }}
          >
            Unlink
          </button>
        ) : null}
        <button type="button" className={styles.action} onClick={() => close(null)}>
          Done
        </button>
      </div>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={`Choose ${noun}`}
        data-testid={`choose-${which}`}
        accept={which === 'audio' ? 'audio/*,.wav,.mp3,.aif,.aiff,.flac,.m4a,.ogg' : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void choose(file);
          event.target.value = '';
        }}
      />
    </div>
  );
}
