// One contract for both cores (issue 44): the channels the website answers from the cloud (`cloud-core.ts`) are run
// against the desktop core and against the website's core on the same library, synced up through the real local
// cloud, and must answer alike: the same songs in the same order for every search, sort and page, the same tags,
// plug-ins and focus list, the same song after the same edit, and the same refusal (code and message) for the same
// bad input. A rule that differs between the two homes fails here, whichever side changed.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, useProxiedCloud } from '../../../cloud/local/test-support';
import type { Envelope } from '../../../common/bridge/ipc';
import type { SongPage } from '../../../common/views/query';
import type { Song } from '../../../common/songs/song';
import type { View } from '../../../common/views/view';
import { tempDir } from '../../../db/test-support';
import { writeReaperProject } from '../../../fixtures/generators/reaper';
import { call, createTestCore, trustFolder, type TestCore } from '../../../main/test-support';
import { CloudLibrary, WEB_ALL_SONGS_ID } from './cloud-core';

const env = useProxiedCloud();
const cores: TestCore[] = [];

afterAll(async () => {
  await Promise.all(cores.splice(0).map((core) => core.close()));
  for (const table of ['songs', 'views', 'custom_fields']) await env.pro.supabase.from(table).delete().eq('user_id', env.pro.userId);
});

/** A channel call as both cores take it: the envelope, never thrown. */
type Invoke = (channel: string, input?: unknown) => Promise<Envelope<unknown>>;

interface Side {
  name: 'desktop' | 'website';
  invoke: Invoke;
  /** The id of the side's own All Songs view (each device has its own). */
  allSongs: string;
}

/**
 * A musician's library on the computer, scanned and typed in, synced to the cloud; then the two sides over it: the
 * desktop core itself, and the website's core reading the cloud as the same user.
 */
async function bothSides(): Promise<{ desktop: Side; website: Side; songs: Record<string, Song>; core: TestCore }> {
  const core = createTestCore(tempDir(), {
    cloud: () => ({ endpoint: { url: env.proxy.url, anonKey: env.cloud.anonKey, local: true }, starting: false }),
    sync: { requestTimeoutMs: 3000, schedule: { timers: false } },
  });
  cores.push(core);
  await core.start();
  await call(core, 'sync:session', { session: { userId: env.pro.userId, accessToken: await accessToken(env.pro.supabase) } });

  // Projects whose plug-ins differ only in case, in and out of ASCII: both sides must group them the same way.
  const music = fs.realpathSync(tempDir('songshelf-contract-'));
  trustFolder(core, music);
  const project = (name: string, plugins: string[], tempo: number) =>
    writeReaperProject(path.join(music, name, `${name}.rpp`), { tempo, tracks: [{ name: 'Main', fx: plugins.map((plugin) => ({ format: 'VST3' as const, name: plugin, vendor: 'Contract' })) }], masterFx: [] });
  project('Ölberg', ['Öl Comp', 'Pro-Q 3'], 96);
  project('Upper', ['öl comp', 'pro-q 3'], 128);
  await core.library.watchDirectory(music);
  await core.runner.whenIdle();

  const scanned = await call<Song[]>(core, 'db:get-songs', {});
  const byName = (name: string) => scanned.find((song) => song.name === name) as Song;
  const typed = async (song: Record<string, unknown>) => call<Song>(core, 'db:add-song', song);
  const songs: Record<string, Song> = {
    olberg: byName('Ölberg'),
    upper: byName('Upper'),
    night: await typed({ name: 'Night Drive', tempo: '124', key: 'A minor', status: 'Mixing', tags: ['EP 2', 'night'], notes: 'needs a bridge' }),
    blue: await typed({ name: 'blue hour', tempo: '90', key: 'C major', status: 'Writing', tags: ['demo'], priority: 'High' }),
    harbour: await typed({ name: 'Harbour Lights', tempo: '126 BPM', key: 'Am', status: 'Backlog', tags: ['ep 2'] }),
    emoji: await typed({ name: 'Ábside', tempo: '', key: '', status: 'Done' }),
    gone: await typed({ name: 'Gone', tempo: '100', tags: ['demo'] }),
  };
  await call(core, 'db:update-song', { id: songs.gone!.id, patch: { hidden: true } });
  await call(core, 'sync:run');

  const desktopViews = await call<View[]>(core, 'db:get-views');
  const desktop: Side = {
    name: 'desktop',
    invoke: (channel, input) => core.router.dispatch(channel, input) as Promise<Envelope<unknown>>,
    allSongs: (desktopViews.find((view) => view.title === 'All Songs') as View).id,
  };
  const items = new Map<string, string>();
  const api = new CloudLibrary({ supabase: env.pro.supabase, userId: env.pro.userId, storage: { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) } }).api() as unknown as Record<string, (input?: unknown) => Promise<Envelope<unknown>>>;
  const website: Side = { name: 'website', invoke: (channel, input) => (api[channel] as (input?: unknown) => Promise<Envelope<unknown>>)(input), allSongs: WEB_ALL_SONGS_ID };
  return { desktop, website, songs, core };
}

/** An answer as compared: the data when it is one, else the refusal's code and message. */
function answer(envelope: Envelope<unknown>, map: (data: unknown) => unknown = (data) => data): unknown {
  return envelope.ok ? { ok: true, data: map(envelope.data) } : { ok: false, code: envelope.error.code, message: envelope.error.message };
}

const rowNames = (data: unknown) => {
  const page = data as SongPage;
  return { total: page.total, offset: page.offset, names: page.rows.map((song) => song.name) };
};

/**
 * A whole list's order up to ties: songs in runs of one value of the sort's column, each run's names as a set. Ties
 * are each device's own order (the computer's by when a song came to it, which no other device knows).
 */
const runs = (column: keyof Song) => (data: unknown) => {
  const page = data as SongPage;
  const grouped: { value: unknown; names: string[] }[] = [];
  for (const song of page.rows) {
    const value = JSON.stringify(song[column]);
    const last = grouped.at(-1);
    if (last && last.value === value) last.names.push(song.name);
    else grouped.push({ value, names: [song.name] });
  }
  return { total: page.total, runs: grouped.map((run) => run.names.sort()) };
};

describe('one contract for the desktop core and the website’s core', () => {
  let sides: Awaited<ReturnType<typeof bothSides>>;
  beforeAll(async () => {
    sides = await bothSides();
  }, 120_000);

  const searches: { search: string; sort?: { column: keyof Song; direction: 'Ascending' | 'Descending' }; offset?: number; limit?: number }[] = [
    { search: '' },
    { search: '', sort: { column: 'name', direction: 'Ascending' } },
    { search: '', sort: { column: 'name', direction: 'Descending' }, offset: 2, limit: 2 },
    { search: '', sort: { column: 'tempo', direction: 'Ascending' } },
    { search: '', sort: { column: 'tempo', direction: 'Descending' } },
    { search: '', sort: { column: 'key', direction: 'Ascending' } },
    { search: '', sort: { column: 'status', direction: 'Ascending' } },
    { search: 'key:Am' },
    { search: 'bpm:120-128', sort: { column: 'tempo', direction: 'Ascending' } },
    { search: 'tag:"ep 2"', sort: { column: 'name', direction: 'Ascending' } },
    { search: 'status:Mixing' },
    { search: 'bridge' },
    { search: 'night' },
    { search: 'abside' },
    { search: 'plugin:"öl comp"', sort: { column: 'name', direction: 'Ascending' } },
    { search: 'daw:reaper', sort: { column: 'name', direction: 'Ascending' } },
    { search: 'bpm:fast' },
  ];

  it.each(searches)('answers the search %j alike', async (query) => {
    const ask = (side: Side) => side.invoke('songs:query', { viewId: side.allSongs, ...query });
    // A page cut from a list with ties could hold either of two tied songs: pages are asked of the name sort only.
    const read = query.offset !== undefined ? rowNames : runs(query.sort?.column ?? 'createdAt');
    expect(answer(await ask(sides.website), read)).toEqual(answer(await ask(sides.desktop), read));
  });

  it('lists the same tags, plug-ins and studio focus', async () => {
    for (const [channel, input] of [
      ['tags:list', { prefix: '', limit: 50 }],
      ['tags:list', { prefix: 'e', limit: 50 }],
      ['plugins:list', undefined],
      ['studio:focus', undefined],
    ] as const) {
      expect(answer(await sides.website.invoke(channel, input)), channel).toEqual(answer(await sides.desktop.invoke(channel, input)));
    }
  });

  it('makes the same song of the same edit, and refuses the same bad edits alike', async () => {
    const { desktop, website, songs } = sides;
    // Two songs alike before: each side edits one of them the same way.
    const edits: Record<string, unknown>[] = [
      { status: 'Mastering', tags: ['EP 2', 'single', 'single'], notes: 'print it' },
      { tempo: '120.0', key: 'f# minor' },
      { nextStep: 'Bounce stems' },
    ];
    // Only what the patch names is compared (the two songs differ elsewhere), as each side stored it: spelled, deduplicated.
    const patched = (patch: Record<string, unknown>) => (song: unknown) => Object.fromEntries(Object.keys(patch).map((field) => [field, (song as Record<string, unknown>)[field]]));
    for (const patch of edits) {
      const mine = answer(await desktop.invoke('db:update-song', { id: songs.night!.id, patch }), patched(patch));
      const theirs = answer(await website.invoke('db:update-song', { id: songs.harbour!.id, patch }), patched(patch));
      expect(theirs, JSON.stringify(patch)).toEqual(mine);
    }
    for (const patch of [{ status: 'Nope' }, { priority: 'Someday' }, { name: '' }, { tags: 'EP 2' }, { focus: -1 }, { tempo: 7 }]) {
      const mine = answer(await desktop.invoke('db:update-song', { id: songs.night!.id, patch }), () => 'taken');
      const theirs = answer(await website.invoke('db:update-song', { id: songs.night!.id, patch }), () => 'taken');
      expect(theirs, JSON.stringify(patch)).toEqual(mine);
    }
    expect(answer(await website.invoke('db:update-song', { id: 'no-such-song', patch: { name: 'x' } }))).toEqual(answer(await desktop.invoke('db:update-song', { id: 'no-such-song', patch: { name: 'x' } })));
  });

  it('moves many songs at once alike (bulk), and keeps the focus room alike', async () => {
    const { desktop, website, songs } = sides;
    const bulk = { addTags: ['Live set'], removeTags: ['demo'], priority: 'Low' };
    const mine = answer(await desktop.invoke('songs:bulk-update', { ids: [songs.blue!.id, songs.emoji!.id], patch: bulk }));
    const theirs = answer(await website.invoke('songs:bulk-update', { ids: [songs.olberg!.id, songs.upper!.id], patch: bulk }));
    expect(theirs).toEqual(mine);
    const after = async (side: Side, ids: string[]) => ((await side.invoke('db:get-songs', { ids })) as { data: Song[] }).data.map((song) => [song.priority, song.tags.filter((tag) => tag === 'Live set' || tag === 'demo')]);
    expect(await after(website, [songs.olberg!.id, songs.upper!.id])).toEqual(await after(desktop, [songs.blue!.id, songs.emoji!.id]));

    // A focus list of two: the third pin is refused alike, with the same words.
    // Told alike as a change of `kv`, so the page's settings read follows on both (issue 44).
    for (const side of [desktop, website]) expect(await side.invoke('studio:set-settings', { focusLimit: 2 }), side.name).toMatchObject({ ok: true, changes: { tables: ['kv'] } });
    const pin = async (side: Side, ids: string[]) => {
      const answers = [];
      for (const [index, id] of ids.entries()) answers.push(answer(await side.invoke('db:update-song', { id, patch: { focus: index + 1 } }), () => 'pinned'));
      return answers;
    };
    expect(await pin(website, [songs.olberg!.id, songs.upper!.id, songs.harbour!.id])).toEqual(await pin(desktop, [songs.blue!.id, songs.emoji!.id, songs.night!.id]));
  });
});
