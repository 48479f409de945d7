import type { Song } from '../../../common/song';
import styles from './DashboardPage.module.css';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One page of songs. (The virtualised, editable table arrives with the song-table work.) */
export function SongTable({ songs }: { songs: Song[] }) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Status</th>
          <th scope="col">Priority</th>
          <th scope="col">Tier</th>
          <th scope="col">Tempo</th>
          <th scope="col">Key</th>
          <th scope="col">Time sig.</th>
          <th scope="col">Modified</th>
        </tr>
      </thead>
      <tbody>
        {songs.map((song) => (
          <tr key={song.id} data-testid="song-row">
            <td className={styles.nameCell}>{song.name}</td>
            <td>{song.status}</td>
            <td>{song.priority}</td>
            <td>{song.tier}</td>
            <td className={song.tempo ? styles.numeric : styles.muted}>{song.tempo || '—'}</td>
            <td className={song.key ? undefined : styles.muted}>{song.key || '—'}</td>
            <td className={song.timeSignature ? undefined : styles.muted}>{song.timeSignature || '—'}</td>
            <td className={styles.muted}>{dateFormat.format(song.modifiedAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
