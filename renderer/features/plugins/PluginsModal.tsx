/**
 * `/:viewId/modal/plugins` (issue 31): every plug-in the library's projects load, with the songs using it and
 * whether it is installed on this computer; choosing one lists its songs, and a song opens in its panel.
 */
import { useMemo, useState } from 'react';
import { pluginNameKey, type PluginSummary } from '../../../common/projects/plugins';
import { songQuerySchema } from '../../../common/views/query';
import { usePluginsQuery, useSongPageQuery } from '../../api/songshelf-api';
import { Modal } from '../ui/Modal';
import controls from '../ui/controls.module.css';
import styles from './PluginsModal.module.css';

/** Songs listed for a plug-in; the search box's `plugin:"Name"` shows every one in the table. */
const SONGS_SHOWN = 100;

function hereText(installed: boolean | null): string {
  return installed === null ? '—' : installed ? 'Installed' : 'Not installed';
}

export function PluginsModal({ onClose, onOpenSong }: { onClose: () => void; onOpenSong: (id: string) => void }) {
  const { data: plugins, isLoading } = usePluginsQuery();
  const [filter, setFilter] = useState('');
  const [chosen, setChosen] = useState<PluginSummary | null>(null);
  const shown = useMemo(() => (plugins ?? []).filter((plugin) => pluginNameKey(plugin.name).includes(pluginNameKey(filter.trim()))), [plugins, filter]);
  const missing = (plugins ?? []).filter((plugin) => plugin.installed === false).length;
  const canTell = (plugins ?? []).some((plugin) => plugin.installed !== null);

  return (
    <Modal title="Plug-ins" onClose={onClose} wide>
      <p className={styles.intro}>
        {plugins && plugins.length > 0
          ? `${plugins.length} ${plugins.length === 1 ? 'plug-in' : 'plug-ins'} across your projects. ` +
            (canTell ? (missing > 0 ? `${missing} not installed on this computer: search missing:plugins for the songs that need them.` : 'Every one is installed on this computer.') : 'This computer’s plug-in folders are not known here, so none is called missing.')
          : isLoading
            ? 'Reading your projects’ plug-ins…'
            : 'No plug-ins yet: they are read from Ableton Live sets and Logic projects as they are scanned.'}
      </p>
      <div className={styles.columns}>
        <div className={styles.listPane}>
          <input className={controls.input} aria-label="Find a plug-in" placeholder="Find a plug-in" value={filter} onChange={(event) => setFilter(event.target.value)} />
          <table className={styles.table} aria-label="Plug-ins in the library">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Format</th>
                <th scope="col" className={styles.number}>
                  Songs
                </th>
                <th scope="col">Here</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((plugin) => {
                const selected = chosen?.name === plugin.name && chosen.format === plugin.format;
                return (
                  <tr key={`${plugin.format} ${plugin.name}`} className={selected ? styles.selected : undefined} aria-selected={selected}>
                    <td>
                      <button type="button" className={styles.pluginButton} onClick={() => setChosen(plugin)}>
                        {plugin.name}
                      </button>
                    </td>
                    <td>
                      <span className={styles.format}>{plugin.format}</span>
                    </td>
                    <td className={styles.number} title={`${plugin.instances} ${plugin.instances === 1 ? 'instance' : 'instances'}`}>
                      {plugin.songs}
                    </td>
                    <td className={plugin.installed === false ? styles.missing : styles.here}>{hereText(plugin.installed)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <div className={styles.songsPane} aria-label="Songs using the plug-in">
          {chosen ? <PluginSongs plugin={chosen} onOpenSong={onOpenSong} /> : <p className={styles.muted}>Choose a plug-in to see the songs that use it.</p>}
        </div>
      </div>
    </Modal>
  );
}

function PluginSongs({ plugin, onOpenSong }: { plugin: PluginSummary; onOpenSong: (id: string) => void }) {
  const query = songQuerySchema.parse({ filters: [{ op: 'equals', field: 'plugins', value: plugin.name }], sort: { column: 'name', direction: 'Ascending' }, limit: SONGS_SHOWN });
  const { data: page } = useSongPageQuery(query);
  return (
    <>
      <h3 className={styles.heading}>
        {plugin.name} <span className={styles.format}>{plugin.format}</span>
      </h3>
      <p className={styles.muted}>
        {plugin.songs} {plugin.songs === 1 ? 'song' : 'songs'}, {plugin.instances} {plugin.instances === 1 ? 'instance' : 'instances'} as {plugin.format}. Listed below and found
        by <code>plugin:&quot;{plugin.name}&quot;</code>: every song that loads it, in any format.
      </p>
      <ul className={styles.songs}>
        {(page?.rows ?? []).map((song) => (
          <li key={song.id}>
            <button type="button" className={styles.songButton} onClick={() => onOpenSong(song.id)}>
              <span>{song.name}</span>
              <span className={styles.songFacts}>{[song.tempo && `${song.tempo} BPM`, song.key, song.status].filter(Boolean).join(' · ')}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
