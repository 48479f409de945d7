// The scan's flush rule (issue 45): every song is told within 20 songs or 100 ms of becoming ready, whichever comes
// first, and a commit may hold more than 20. On a fake clock the test moves; a write costs the clock what the test
// says (a first scan's backlog), so no time is measured here.
import { describe, expect, it } from 'vitest';
import { SCAN_TELL_EVERY_MS, SCAN_TELL_EVERY_SONGS } from '../../common/constants';
import { WriteGroups, type TellClock } from './write-groups';

class FakeClock implements TellClock {
  private time = 0;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };
  /** Moves the clock, running each timer that falls due on the way. */
  advance(ms: number): void {
    const end = this.time + ms;
    for (;;) {
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.run();
    }
    this.time = end;
  }
}

interface Told {
  at: number;
  songs: number[];
}

function setUp(writeCostMs = 0) {
  const clock = new FakeClock();
  const arrived = new Map<number, number>();
  const tells: Told[] = [];
  let inTransaction = false;
  const groups = new WriteGroups<number>({
    clock,
    transaction: (work) => {
      inTransaction = true;
      work();
      inTransaction = false;
    },
    write: (songs) => {
      expect(inTransaction).toBe(true);
      expect(songs.length).toBeLessThanOrEqual(SCAN_TELL_EVERY_SONGS);
      clock.advance(songs.length * writeCostMs);
    },
    committed: (songs) => tells.push({ at: clock.now(), songs }),
  });
  let next = 0;
  const add = (count: number) => {
    const songs = Array.from({ length: count }, () => next++);
    for (const song of songs) arrived.set(song, clock.now());
    groups.add(songs);
  };
  return { clock, groups, add, tells, arrived };
}

/** Each song told within 100 ms of arriving, or before 20 more songs arrived after it: whichever came first. */
function expectToldInTime({ tells, arrived }: { tells: Told[]; arrived: Map<number, number> }): void {
  const told = new Map<number, number>();
  for (const tell of tells) for (const song of tell.songs) told.set(song, tell.at);
  expect([...told.keys()].sort((a, b) => a - b)).toEqual([...arrived.keys()]);
  for (const [song, at] of arrived) {
    const tellAt = told.get(song) as number;
    const arrivedBefore = [...arrived.values()].filter((time) => time <= tellAt).length;
    const songsAfter = arrivedBefore - (song + 1);
    expect(tellAt - at <= SCAN_TELL_EVERY_MS || songsAfter <= SCAN_TELL_EVERY_SONGS, `song ${song}: told ${tellAt - at} ms and ${songsAfter} songs later`).toBe(true);
  }
}

describe('a scan tells its songs within 20 songs or 100 ms', () => {
  it('songs arriving slowly are told within 100 ms, several to a commit', async () => {
    const run = setUp();
    for (let i = 0; i < 30; i += 1) {
      run.add(1);
      run.clock.advance(15);
    }
    await run.groups.finish();
    expectToldInTime(run);
    expect(run.tells.length).toBeLessThan(30);
    expect(Math.max(...run.tells.map((tell) => tell.songs.length))).toBeGreaterThan(1);
  });

  it('songs arriving fast are told once 20 wait, before 100 ms', async () => {
    const run = setUp();
    for (let i = 0; i < 200; i += 1) {
      run.add(1);
      run.clock.advance(1);
    }
    await run.groups.finish();
    expectToldInTime(run);
    for (const tell of run.tells) expect(tell.songs.length).toBeLessThanOrEqual(SCAN_TELL_EVERY_SONGS);
  });

  it('a backlog is committed in groups of more than 20, one told at least every 100 ms', async () => {
    const run = setUp(0.05);
    run.add(20_000);
    await run.groups.finish();
    expect(run.tells.reduce((sum, tell) => sum + tell.songs.length, 0)).toBe(20_000);
    expect(run.tells[0]?.at).toBeLessThanOrEqual(SCAN_TELL_EVERY_MS);
    for (let i = 1; i < run.tells.length; i += 1) expect((run.tells[i] as Told).at - (run.tells[i - 1] as Told).at).toBeLessThanOrEqual(SCAN_TELL_EVERY_MS);
    // 1,000 songs a commit where the spec's literal rule made 1,000 commits of 20.
    expect(run.tells.length).toBeLessThan(40);
  });

  it('a song that arrives alone is not held past the rule', async () => {
    const run = setUp();
    run.add(1);
    run.clock.advance(SCAN_TELL_EVERY_MS);
    expect(run.tells).toHaveLength(1);
    expectToldInTime(run);
    await run.groups.finish();
  });
});
