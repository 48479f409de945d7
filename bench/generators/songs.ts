/**
 * A large synthetic library straight into the database (the benchmarks of the song table): varied names,
 * tempos, keys, statuses, tags and notes, as a scan of many project folders would leave them.
 */
import { DAWS } from '../../common/project-meta';
import { PRIORITIES, STATUSES, TIERS, type Song } from '../../common/song';
import { inTransaction, type Db } from '../../db/handle';
import { newId } from '../../db/ids';
import { insertSongs } from '../../db/repositories/scanned-songs';
import { buildSong } from '../../db/repositories/songs';

const KEYS = ['C major', 'A minor', 'G major', 'E minor', 'F# minor', 'Bb major', 'D minor', ''];
const TAGS = ['EP 2', 'club', 'demo', 'vocal', 'instrumental', 'remix', 'live', 'sync'];
export const WORDS = ['night', 'drive', 'blue', 'hour', 'echo', 'tape', 'ocean', 'signal', 'glass', 'river', 'static', 'ember'];

export function writeSongs(db: Db, count: number): void {
  for (let i = 0; i < count; i += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - i) }, (_unused, offset) => syntheticSong(i + offset));
    inTransaction(db, () => insertSongs(db, batch));
  }
}

export function syntheticSong(n: number): Song {
  const name = `${WORDS[n % WORDS.length]} ${WORDS[Math.floor(n / 12) % WORDS.length]} ${n}`;
  const song = buildSong(
    {
      name,
      source: 'directory',
      projectPath: `/Music/${2000 + (n % 25)}/${name} Project`,
      tempo: String(70 + (n % 90)),
      key: KEYS[n % KEYS.length],
      status: STATUSES[n % STATUSES.length],
      priority: PRIORITIES[n % PRIORITIES.length],
      tier: TIERS[n % TIERS.length],
      tags: [TAGS[n % TAGS.length] as string, TAGS[(n * 7) % TAGS.length] as string],
      notes: n % 5 === 0 ? `needs a ${WORDS[(n * 3) % WORDS.length]} bridge` : '',
    },
    1_700_000_000_000 + n * 1000,
    newId(1_700_000_000_000 + n),
  );
  // What a scan records of the project: its DAW, and now and then a folder that vanished.
  const meta: Song['meta'] = { daw: DAWS[n % DAWS.length] ?? null };
  if (n % 200 === 0) meta.projectMissing = true;
  return { ...song, meta };
}
