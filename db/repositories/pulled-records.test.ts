// Songs pulled from the cloud, written here: each field from where the user edited it last, the merged song pushed
// back when it kept an edit of this computer's, and none of the other computer's paths or flags taken as its own.
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { songFromCloud, songToCloud } from '../../common/cloud/cloud-records';
import { dawName } from '../../common/projects/daws';
import { creditsOf, MAX_CREDIT_CHARS } from '../../common/projects/project-meta';
import type { Song } from '../../common/songs/song';
import type { OpenedDatabase } from '../connection';
import { newId } from '../ids';
import { openTestDatabase, testClock, type TestClock } from '../test-support';
import { insertDirectory } from './directories';
import { getUserSettings } from './account';
import { applyPulledSettings, applyPulledSongs } from './pulled-records';
import { addSong, buildSong, getSong, getSongs, updateSong } from './songs';
import { getUnsyncedChanges, markSynced } from './sync-records';

let clock: TestClock;
let db: OpenedDatabase;

beforeEach(() => {
  clock = testClock();
  db = openTestDatabase(clock);
});
afterEach(() => db.close());

/** Everything this computer has written so far counts as pushed: what a test sees after is what the pull queued. */
function settle(): void {
  markSynced(db, getUnsyncedChanges(db).map((record) => record.id));
}
const queued = () => getUnsyncedChanges(db).filter((record) => record.table === 'songs');

/** The song as another computer sends it: its own paths and flags included. */
function fromElsewhere(song: Song, changes: Partial<Song> = {}): Song {
  const pulled = songFromCloud(JSON.parse(JSON.stringify(songToCloud({ ...song, ...changes }))));
  if (!pulled) throw new Error('not a cloud song');
  return pulled;
}

const elsewhereFile = { value: '/Users/bo/.ssh/id_rsa', localPath: '/Users/bo/.ssh/id_rsa', fileName: 'id_rsa', modifiedTime: null };
const deviceFields = { file: elsewhereFile, projectPath: '/Users/bo/Music/Tune Project', needsUploadRetry: true, isBeingProcessedByHandleNewProject: true };

describe('a song new to this computer', () => {
  it('keeps none of the other computer’s paths or flags', () => {
    const song = { ...buildSong({ name: 'Tune', source: 'directory' }, clock.now()), ...deviceFields };
    expect(applyPulledSongs(db, [fromElsewhere(song)])).toEqual([song.id]);
    expect(getSong(db, song.id)).toMatchObject({
      name: 'Tune',
      file: null,
      projectPath: null,
      needsUploadRetry: false,
      isBeingProcessedByHandleNewProject: false,
    });
    expect(queued()).toEqual([]);
  });

  it('drops a session or audio path naming a network share (a UNC path in a pulled row), and keeps an uploaded file’s address', () => {
    const unc = buildSong({ name: 'Share', source: 'directory' }, clock.now());
    const pulled = fromElsewhere(unc, {
      recordingSession: { value: '\\\\server\\share\\Share.als', fileName: 'Share.als', sessionModifiedTime: null, isPackage: false },
      file: { value: '//server/share/Share.wav', localPath: '//server/share/Share.wav', fileName: 'Share.wav', modifiedTime: null },
    });
    const uploaded = buildSong({ name: 'Uploaded', source: 'directory' }, clock.now());
    const address = 'https://abc.supabase.co/storage/v1/object/public/audio-files/u/s/mix.wav';
    applyPulledSongs(db, [pulled, fromElsewhere(uploaded, { file: { value: address, localPath: '/Users/bo/mix.wav', fileName: 'mix.wav', modifiedTime: null } })]);
    expect(getSong(db, unc.id)).toMatchObject({ recordingSession: null, file: null });
    expect(getSong(db, uploaded.id)?.file).toEqual({ value: address, localPath: null, fileName: 'mix.wav', modifiedTime: null });
  });

  it('keeps its project folder when this computer watches the folder it is in (the scan there finds the song)', () => {
    insertDirectory(db, '/Volumes/Shared/Music', null);
    const inside = buildSong({ name: 'Shared', source: 'directory', projectPath: '/Volumes/Shared/Music/2024/Shared Project' }, clock.now());
    const climbing = buildSong({ name: 'Sneaky', source: 'directory', projectPath: '/Volumes/Shared/Music/../../../Users/bo/.ssh' }, clock.now());
    const beside = buildSong({ name: 'Beside', source: 'directory', projectPath: '/Volumes/Shared/Music Old/Beside Project' }, clock.now());
    applyPulledSongs(db, [inside, climbing, beside].map((song) => fromElsewhere(song)));
    expect(getSong(db, inside.id)?.projectPath).toBe('/Volumes/Shared/Music/2024/Shared Project');
    expect(getSong(db, climbing.id)?.projectPath).toBeNull();
    expect(getSong(db, beside.id)?.projectPath).toBeNull();
  });
});

describe('a song of a DAW this version does not know (a newer app’s)', () => {
  it('is taken as it is: its DAW id, version and every field kept, filtered and pushed back unchanged', () => {
    const meta = { daw: 'harmonium-2030', dawVersion: 'Harmonium 3.1', tempo: 97, tracks: ['Bass'], futureField: { kept: true } };
    const song = { ...buildSong({ name: 'From the future', source: 'directory', notes: 'keep me' }, clock.now()), meta };
    applyPulledSongs(db, [fromElsewhere(song)]);
    const stored = getSong(db, song.id);
    expect(stored).toMatchObject({ name: 'From the future', notes: 'keep me', meta });
    expect(dawName(stored?.meta.daw)).toBe('Other DAW');
    // Its id is what the table sorts and filters by; a later edit here sends the row back with it.
    expect(getSongs(db, {}).map((row) => row.meta.daw)).toContain('harmonium-2030');
    settle();
    updateSong(db, song.id, { status: 'Mixing' });
    expect(queued().map((record) => record.recordId)).toEqual([song.id]);
    expect(songToCloud(getSong(db, song.id) as Song).meta).toEqual(meta);
  });
});

describe('a pulled song’s project credits (the title, artist and genre its project stores)', () => {
  it('are kept as sent and sent on unchanged; a hostile one is cut or refused where it is read, by creditsOf', () => {
    const credits = { title: 'Night Drive', artist: 'Ana & Bo' };
    const hostile = { title: 'x'.repeat(10_000), artist: { html: '<img src=x onerror=alert(1)>' }, genre: 42 };
    const song = { ...buildSong({ name: 'Tape 3', source: 'directory' }, clock.now()), meta: { daw: 'studioone', credits } };
    const crafted = { ...buildSong({ name: 'Crafted', source: 'directory' }, clock.now()), meta: { daw: 'flstudio', credits: hostile } };
    applyPulledSongs(db, [fromElsewhere(song), fromElsewhere(crafted)]);
    expect(getSong(db, song.id)?.meta.credits).toEqual(credits);
    expect(songToCloud(getSong(db, song.id) as Song).meta).toMatchObject({ credits });
    // Nothing a client does not understand is rewritten on the way in (issue 43); what is shown is held to the cap.
    expect(getSong(db, crafted.id)?.meta.credits).toEqual(hostile);
    expect(creditsOf(getSong(db, crafted.id)?.meta.credits)).toEqual({ title: 'x'.repeat(MAX_CREDIT_CHARS) });
  });
});

describe('a song this computer has', () => {
  it('keeps this computer’s paths and flags', () => {
    const local = addSong(db, { name: 'Mine', source: 'directory', projectPath: '/music/Mine Project', file: { value: '/music/Mine Project/mine.wav', localPath: '/music/Mine Project/mine.wav', fileName: 'mine.wav', modifiedTime: 5 } });
    clock.advance(1000);
    applyPulledSongs(db, [fromElsewhere(local, { ...deviceFields, notes: 'from bo', modifiedAt: clock.now() })]);
    expect(getSong(db, local.id)).toMatchObject({
      notes: 'from bo',
      file: { localPath: '/music/Mine Project/mine.wav' },
      projectPath: '/music/Mine Project',
      needsUploadRetry: false,
      isBeingProcessedByHandleNewProject: false,
    });
  });

  it('takes each field from where the user edited it last, and pushes back the edits it kept', () => {
    const local = addSong(db, { name: 'Both' });
    settle();
    const other = fromElsewhere(local);
    clock.advance(1000);
    updateSong(db, local.id, { status: 'Mixing' }); // edited here first...
    clock.advance(1000);
    const there = { ...other, notes: 'from bo', editedAt: { notes: clock.now() }, modifiedAt: clock.now() }; // ...then there, a field of its own
    settle();
    clock.advance(1000);
    applyPulledSongs(db, [fromElsewhere(there)]);
    const merged = getSong(db, local.id);
    expect(merged).toMatchObject({ status: 'Mixing', notes: 'from bo' });
    // The cloud holds bo's copy, without this computer's status: the merged song goes up, newer than bo's.
    expect(queued()).toEqual([expect.objectContaining({ type: 'update', recordId: local.id })]);
    expect(merged!.modifiedAt).toBeGreaterThan(there.modifiedAt);
  });

  it('a newer copy that holds every edit this computer has is taken as it is, and not pushed back', () => {
    const local = addSong(db, { name: 'Same' });
    clock.advance(1000);
    const edited = updateSong(db, local.id, { status: 'Done' });
    settle();
    clock.advance(1000);
    const pulled = fromElsewhere(edited, { notes: 'later', editedAt: { ...edited.editedAt, notes: clock.now() }, modifiedAt: clock.now() });
    applyPulledSongs(db, [pulled]);
    expect(getSong(db, local.id)).toMatchObject({ status: 'Done', notes: 'later', modifiedAt: pulled.modifiedAt });
    expect(queued()).toEqual([]);
  });

  it('an older copy brings the edits made there later than here, though the copy here was written since', () => {
    const local = addSong(db, { name: 'Old' });
    const other = fromElsewhere(local);
    clock.advance(1000);
    const there = { ...other, tags: ['from bo'], editedAt: { tags: clock.now() }, modifiedAt: clock.now() };
    clock.advance(1000);
    updateSong(db, local.id, { priority: 'High' });
    settle();
    applyPulledSongs(db, [fromElsewhere(there)]);
    expect(getSong(db, local.id)).toMatchObject({ tags: ['from bo'], priority: 'High' });
    expect(queued()).toHaveLength(1);
  });
});

describe('writing a pulled page', () => {
  it('writes pulled songs in batches of 5 (spec section 9): each batch\'s songs taken as they are, then those pushed back', () => {
    // Six songs this computer has, each with a status edit here that a pulled copy lacks (pushed back), between six new ones.
    const mine = Array.from({ length: 6 }, (_, i) => addSong(db, { name: `Mine ${i}` }));
    const others = mine.map((song) => fromElsewhere(song));
    clock.advance(1000);
    for (const song of mine) updateSong(db, song.id, { status: 'Mixing' });
    clock.advance(1000);
    const pulled = others.flatMap((other, i) => [
      fromElsewhere(other, { notes: 'from bo', editedAt: { notes: clock.now() }, modifiedAt: clock.now() }),
      fromElsewhere(buildSong({ name: `New ${i}` }, clock.now())),
    ]);
    settle();
    clock.advance(1000);
    // The order rows are written in, seen by the database itself.
    db.sqlite.exec(`CREATE TEMP TABLE written (name TEXT);
      CREATE TEMP TRIGGER written_insert AFTER INSERT ON main.songs BEGIN INSERT INTO written VALUES (new.name); END;
      CREATE TEMP TRIGGER written_update AFTER UPDATE ON main.songs BEGIN INSERT INTO written VALUES (new.name); END;`);
    applyPulledSongs(db, pulled);
    const written = (db.sqlite.prepare('SELECT name FROM written ORDER BY rowid').all() as { name: string }[]).map((row) => row.name);
    expect(written).toEqual(['New 0', 'New 1', 'Mine 0', 'Mine 1', 'Mine 2', 'New 2', 'New 3', 'New 4', 'Mine 3', 'Mine 4', 'New 5', 'Mine 5']);
    expect(queued().map((record) => record.recordId)).toEqual(mine.map((song) => song.id));
  });
});

describe('one project scanned on two computers', () => {
  it('an edit on the older copy is kept over a fresh scan’s defaults on the newer one', () => {
    const project = '/music/Tune Project';
    // Bo's computer scanned the project first, and the user set its status and notes there.
    const olderId = newId(clock.now());
    const older = { ...buildSong({ name: 'Tune', source: 'directory', projectPath: project }, clock.now(), olderId) };
    clock.advance(1000);
    const edited = { ...older, status: 'Mixing' as const, notes: 'hook at 1:20', editedAt: { status: clock.now(), notes: clock.now() }, modifiedAt: clock.now() };
    // This computer scans the same project later: a newer song with a scan's values.
    clock.advance(60_000);
    const fresh = addSong(db, { name: 'Tune', source: 'directory', projectPath: project });
    settle();
    clock.advance(1000);
    applyPulledSongs(db, [fromElsewhere(edited)]);
    expect(getSongs(db)).toEqual([expect.objectContaining({ id: olderId, status: 'Mixing', notes: 'hook at 1:20', projectPath: project })]);
    expect(queued().map((record) => [record.type, record.recordId])).toEqual(expect.arrayContaining([['update', olderId], ['delete', fresh.id]]));
  });
});

describe('rows written before edits had times', () => {
  it('read the fields they list as edited at time 0: any timed edit is later, no edit at all is earlier', () => {
    const song = buildSong({ name: 'Legacy' }, clock.now());
    const { editedAt: _dropped, ...legacy } = songToCloud({ ...song, editedAt: {} }) as Record<string, unknown>;
    expect(songFromCloud({ ...legacy, editedFields: ['tempo', 'key'] })?.editedAt).toEqual({ tempo: 0, key: 0 });
    const stored = addSong(db, { name: 'Stored' });
    // The row as an older version's writer left it: another program's connection, outside this one's songs guard.
    const older = new BetterSqlite3(db.file);
    older.prepare(`UPDATE songs SET edited_fields = '["tempo"]' WHERE id = ?`).run(stored.id);
    older.close();
    expect(getSongs(db).map((stored) => stored.editedAt)).toEqual([{ tempo: 0 }]);
  });
});

describe('settings pulled from the cloud', () => {
  const places = { home: '/home/ana', dataDir: '/home/ana/.config/Songshelf' };

  it('keeps the folders that may be watched, and drops and reports the others', () => {
    const folders = ['/home/ana/Music', '/', '/home/ana', '/home/ana/.config/Songshelf', 'C:\\', '/Users/ana/Music/Projects', '/etc'];
    const outcome = applyPulledSettings(db, folders, clock.now(), places);
    expect(outcome).toEqual({
      applied: true,
      dropped: [
        { folder: '/', reason: expect.stringMatching(/whole disk/) },
        { folder: '/home/ana', reason: expect.stringMatching(/whole home folder/) },
        { folder: '/home/ana/.config/Songshelf', reason: expect.stringMatching(/Songshelf's own data/) },
        { folder: 'C:\\', reason: expect.stringMatching(/whole drive/) },
        { folder: '/etc', reason: expect.stringMatching(/system folder/) },
      ],
    });
    expect(getUserSettings(db).projectDirectories).toEqual(['/home/ana/Music', '/Users/ana/Music/Projects']);
  });
});
