/**
 * `npm run bench:table -- --songs 200000 --json`: the song table as a user meets it, in real Chromium against
 * the browser host over a library of N songs (seven in ten with what the analysis heard in their bounces, the
 * Waveform column shown). Prints one JSON line:
 *   open_ms              navigation start -> the first rows holding data painted (rows whose Name cell has text, not
 *                        the skeleton or placeholder rows), the slowest of 3 fresh pages; the first is the first
 *                        navigation after the host started (a cold core, an empty browser cache)
 *   offline_open_ms      the same on the same library with the host restarted on a cloud whose address refuses every
 *                        connection (a plane, a café, the project down): the core itself is offline, checked
 *   scroll_p95_frame_ms  p95 of the main-thread work of one scroll step (3 rows per frame): the scroll event,
 *                        react-window's and React's render and commit, and the layout of the new rows
 *   edit_roundtrip_ms    Enter in a cell -> the core has saved the edit and the row shows its answer (median)
 *   search_keystroke_ms  p95 over every keystroke of typing "night" and "bpm:120-128" letter by letter (3 runs): the
 *                        keydown in the search box -> the frame after the grid shows the rows of the new text. Its
 *                        parts (the search box's debounce, the query's round trip, the render) go to stderr.
 *   empty_open_ms, empty_offline_open_ms   the floor (issue 45): the same two opens of an empty library on a host of
 *                        its own, made, signed in and started cold the same way, to its first screen (the table told
 *                        it holds no song); open_ratio = open_ms / empty_open_ms, offline_open_ratio the same offline
 *   board_open_ms, board_drag_ms, board_drag_p50_ms, board_drag_reads   a board view of the same library (issues 32,
 *                        44, 45): see `board.ts`; `--board-only` (`npm run bench:board`) measures those alone
 * Goals (issue 45, absolute times do not travel between machines): open_ratio and offline_open_ratio <= 1.5,
 * scroll_p95_frame_ms <= 16, search_keystroke_ms <= 50, board_drag_ms <= 100 with board_drag_reads 2.
 *
 * `--analysing N` measures the same while the app analyses N bounces in the background (issue 18: the table must
 * not slow down): it watches a folder of N distinct 10-second grooves first (`--bounce-seconds S` for another
 * length), and adds `analysed_during`, how many of them were analysed while the table was measured.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DATABASE_FILE_NAME, openDatabase } from '../db/connection';
import { updateView } from '../db/repositories/views';
import { defaultViewId } from '../db/seed';
import { startHost, type StartedHost } from '../harness/host';
import { createConfirmedUser, MUSICIAN, setHostAccount } from '../harness/signed-in';
import { appRootFrom } from '../main/paths';
import { synthGroove } from '../fixtures/generators/audio-corpus';
import { writeSongs } from '../fixtures/generators/songs';
import { writeSignalWav } from '../fixtures/generators/wav';
import { measureBoard } from './board';
import { argValue, percentile, round } from './measure';
import { directQueries, reportKeystrokes, typeSearch, type KeystrokeTiming } from './table-search';

const argv = process.argv.slice(2);
const count = Number(argValue(argv, '--songs', '200000'));
const json = argv.includes('--json');
const analysing = Number(argValue(argv, '--analysing', '0'));
const bounceSeconds = Number(argValue(argv, '--bounce-seconds', '10'));
/** `--no-analysis`: songs without what the analysis heard (no waveforms drawn), as bench:table's library was before issue 18's data. */
const withAnalysis = !argv.includes('--no-analysis');
/** `bench:board`: the same library and host, the board's figures alone. */
const boardOnly = argv.includes('--board-only');
const SCROLL_STEPS = 240;
const ROW_HEIGHT = 32;
const OPENS = 3;
/** What the musician types, letter by letter: a word, then an operator (issue 30's slowest query shape). */
const TYPED = ['night', 'bpm:120-128'];
const TYPING_RUNS = 3;
/** A port nothing listens on (the discard service's, never run here): every connection to it is refused. */
const UNREACHABLE_CLOUD_PORT = 9;

const appRoot = appRootFrom(path.dirname(fileURLToPath(import.meta.url)));
const rendererDir = path.join(appRoot, 'dist', 'renderer');
if (!fs.existsSync(path.join(rendererDir, 'index.html'))) throw new Error('Build the renderer first: npm run build:renderer');

// The app as `npm start` runs it (the browser host with its local cloud), over a library written beforehand, with
// the Waveform column shown in All Songs (the rows weigh what an analysed library's do); the dashboard is behind
// sign-in, so the musician signs in to the app first, as in the end-to-end tests (the core keeps the session).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-table-'));
const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { migrationsFolder: path.join(appRoot, 'migrations') });
process.stderr.write(`writing ${count} songs…\n`);
writeSongs(db, count, { analysis: withAnalysis });
const allSongs = defaultViewId(db);
if (!allSongs) throw new Error('the database has no All Songs view');
updateView(db, allSongs, { columnVisibility: { waveform: true } });
db.close();
let host: StartedHost = await startHost({ dataDir });
const cloud = host.cloud;
if (!cloud) throw new Error('the host started no local cloud');
await createConfirmedUser(cloud, MUSICIAN);
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const setup = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await setHostAccount(setup, host.url, MUSICIAN);

/** What the page's instruments (`instrumentPage`) keep on `window`. */
interface BenchWindow {
  __rowsPainted: Promise<number>;
  __queries: { id: number; search: string; offset: number; input: unknown; sentAt: number; answeredAt: number | null; refused: boolean }[];
}

/**
 * Runs in every page before its own scripts: `__rowsPainted` resolves (ms since navigation start) at the task after
 * the frame that first shows 10 rows holding data (rejects after a minute without); `__queries` notes each
 * `songs:query` call over the bridge's socket, when it was sent, when its answer arrived (the message's own time
 * stamp, before the page parses it) and whether the core refused it.
 */
function instrumentPage(): void {
  const state = window as unknown as BenchWindow;
  const afterNextFrame = (done: () => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = done;
      channel.port2.postMessage(null);
    });
  state.__rowsPainted = new Promise((resolve, reject) => {
    // The first screen that answers the musician: ten rows holding data, or an empty library's own screen (the table
    // told it has no song: the first run's welcome), whichever the library has.
    const rowsWithData = () => {
      if (document.querySelector('[data-testid="song-table-empty"]')) return true;
      let found = 0;
      for (const cell of Array.from(document.querySelectorAll('[data-testid="song-row"] [data-column="name"]'))) if (cell.textContent && (found += 1) >= 10) return true;
      return false;
    };
    const observer = new MutationObserver(() => {
      if (!rowsWithData()) return;
      observer.disconnect();
      clearTimeout(timer);
      afterNextFrame(() => resolve(performance.now()));
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('no rows holding data were shown within a minute'));
    }, 60_000);
    observer.observe(document, { subtree: true, childList: true, characterData: true });
  });
  state.__queries = [];
  const send = WebSocket.prototype.send;
  const listening = new WeakSet<WebSocket>();
  WebSocket.prototype.send = function (this: WebSocket, data) {
    if (typeof data === 'string' && data.includes('"channel":"songs:query"')) {
      const frame = JSON.parse(data) as { id: number; input: { search?: string; offset?: number } };
      state.__queries.push({ id: frame.id, search: frame.input.search ?? '', offset: frame.input.offset ?? 0, input: frame.input, sentAt: performance.now(), answeredAt: null, refused: false });
      if (!listening.has(this)) {
        listening.add(this);
        this.addEventListener('message', (message: MessageEvent) => {
          const [, id, ok] = /^\{"type":"result","id":(\d+),"result":\{"ok":(true|false)/.exec(String(message.data).slice(0, 64)) ?? [];
          const call = id === undefined ? undefined : state.__queries.find((query) => query.id === Number(id));
          if (!call) return;
          call.answeredAt = message.timeStamp;
          call.refused = ok !== 'true';
        });
      }
    }
    send.call(this, data);
  };
}

/** Opens the app in a fresh page and times it to the first rows holding data painted. */
async function openTable(context: BrowserContext, address: string): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  await page.goto(address);
  const ms = await page.evaluate(() => (window as unknown as BenchWindow).__rowsPainted);
  return { page, ms };
}

/** `OPENS` pages opened one after another in `context` (the first the host's first navigation), each timed; the last kept. */
async function coldOpens(context: BrowserContext, address: string): Promise<{ opens: number[]; page: Page }> {
  const opens: number[] = [];
  let page: Page | null = null;
  for (let run = 0; run < OPENS; run += 1) {
    await page?.close();
    ({ page, ms: opens[run] } = await openTable(context, address));
  }
  if (!page) throw new Error('no page');
  return { opens, page };
}

function reportBoard(board: Awaited<ReturnType<typeof measureBoard>>): void {
  process.stderr.write(`board opens: ${board.opens.map((ms) => round(ms, 1)).join(', ')} ms; drags: ${board.drags.map((ms) => round(ms, 1)).join(', ')} ms; reads per drag: ${board.reads.join(', ')}\n`);
}

/** A new browser context (its cache empty) whose pages carry the instruments. */
async function instrumentedContext(target: Browser): Promise<BrowserContext> {
  const context = await target.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(instrumentPage);
  return context;
}

/** Songs whose audio has been analysed, as the page can count them. */
async function analysedSongs(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const result = await window.api!['songs:query']({ search: 'lufs:..0', limit: 1 });
    return result.ok ? result.data.total : -1;
  });
}

/** Whether a scan or a read is still queued or running (the analysis aside). */
async function readsPending(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const jobs = await window.api!['jobs:list']({ states: ['queued', 'running'], limit: 1000 });
    return !jobs.ok || jobs.data.some((job) => job.kind !== 'analyse-audio');
  });
}

/** Throws unless nothing answers at `port` on this computer. */
async function assertRefused(port: number): Promise<void> {
  const answered = await new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (answered) throw new Error(`something listens on 127.0.0.1:${port}: it cannot stand for an unreachable cloud`);
}

let bounces: string | null = null;
let emptyHost: StartedHost | null = null;
try {
  let analysedBefore = 0;
  if (analysing > 0) {
    bounces = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-bounces-'));
    for (let i = 0; i < analysing; i += 1) {
      writeSignalWav(path.join(bounces, `Bounce ${i}.wav`), synthGroove({ bpm: 90 + (i % 80), durationS: bounceSeconds, sampleRate: 22_050, seed: i + 1 }), 22_050);
    }
    const starter = await setup.newPage();
    await starter.goto(host.url);
    const watched = await starter.evaluate(async (folder) => (await window.api!.watchDirectory({ path: folder })).ok, bounces);
    if (!watched) throw new Error('the bounces folder could not be watched');
    // The scan and the reads go first (their writes move rows in the default order, newest change first); the table
    // is measured once they are done and the analysis has begun, so what runs beside it is the analysis alone.
    const waitStarted = Date.now();
    let lastReport = waitStarted;
    // Polled once a second, the cheap question first: counting analysed songs searches the whole library, and
    // asking it ten times a second kept the host busy enough to slow the reads it was waiting for.
    for (;;) {
      if (!(await readsPending(starter))) {
        analysedBefore = await analysedSongs(starter);
        if (analysedBefore > 0) break;
      }
      if (Date.now() - lastReport >= 30_000) {
        lastReport = Date.now();
        process.stderr.write(`waiting for the reads: ${Math.round((lastReport - waitStarted) / 1000)} s\n`);
      }
      await starter.waitForTimeout(1000);
    }
    process.stderr.write(`reads done after ${Math.round((Date.now() - waitStarted) / 1000)} s (${analysedBefore} bounces analysed): measuring\n`);
    // Measured in the default order (newest change first), as without analysis: an analysed bounce is a change to
    // its song and comes to the top, but only while the user pauses (main/jobs/user-activity.ts), not under their edits.
    // The analysis is queued in the database: the restarted host takes it up again.
  }
  await setup.close();

  // Signing in warmed the host (its core, its caches): it starts again, and the first page opened is the first
  // navigation it serves, in a browser context of its own with nothing cached.
  host = await host.restart();
  const context = await instrumentedContext(browser);
  const { opens, page } = await coldOpens(context, host.url);
  if (boardOnly) {
    const board = await measureBoard(context, page, host.url);
    await context.close();
    reportBoard(board);
    const result = { board_open_ms: round(board.board_open_ms, 1), board_drag_ms: round(board.board_drag_ms, 1), board_drag_p50_ms: round(board.board_drag_p50_ms, 1), board_drag_reads: board.board_drag_reads, songs: count };
    console.log(json ? JSON.stringify(result) : result);
  } else {
    const frames = await page.evaluate(measureScroll, { steps: SCROLL_STEPS, step: 3 * ROW_HEIGHT });
    const edits: number[] = [];
    for (let i = 0; i < 7; i += 1) edits.push(await editRoundTrip(page, i));
    const keystrokes: KeystrokeTiming[] = [];
    for (let run = 0; run < TYPING_RUNS; run += 1) for (const text of TYPED) keystrokes.push(...(await typeSearch(page, text)));
    const direct = await directQueries(page, TYPED);
    await page.getByRole('searchbox', { name: 'Search songs' }).fill('');
    const analysedDuring = analysing > 0 ? (await analysedSongs(page)) - analysedBefore : 0;
    const board = await measureBoard(context, page, host.url);
    await context.close();

    // The floor: an empty library on a host of its own, made the same way (its own local cloud, the musician signed in,
    // started again cold), opened with the same bundle to its first screen.
    emptyHost = await startHost();
    if (!emptyHost.cloud) throw new Error('the empty library\'s host started no local cloud');
    await createConfirmedUser(emptyHost.cloud, MUSICIAN);
    const emptySetup = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await setHostAccount(emptySetup, emptyHost.url, MUSICIAN);
    await emptySetup.close();
    emptyHost = await emptyHost.restart();
    const emptyContext = await instrumentedContext(browser);
    const { opens: emptyOpens } = await coldOpens(emptyContext, emptyHost.url);
    await emptyContext.close();

    // The same library with its cloud gone: the host starts again on a cloud address where nothing answers, so the
    // core's own requests fail (the session it keeps, the tier, sync), as on a plane.
    await assertRefused(UNREACHABLE_CLOUD_PORT);
    host = await host.restart({ cloud: { url: `http://127.0.0.1:${UNREACHABLE_CLOUD_PORT}`, anonKey: cloud.anonKey } });
    const offlineContext = await instrumentedContext(browser);
    const offlineOpens: number[] = [];
    for (let run = 0; run < OPENS; run += 1) {
      const offline = await openTable(offlineContext, host.url);
      offlineOpens.push(offline.ms);
      if (run === OPENS - 1) {
        const connection = await offline.page.evaluate(async () => {
          const answer = await window.api!['account:get']();
          return answer.ok ? answer.data.connection : answer.error.message;
        });
        if (connection !== 'offline') throw new Error(`the offline host's account is ${connection}, not offline`);
      }
      await offline.page.close();
    }
    await offlineContext.close();
    emptyHost = await emptyHost.restart({ cloud: { url: `http://127.0.0.1:${UNREACHABLE_CLOUD_PORT}`, anonKey: cloud.anonKey } });
    const emptyOfflineContext = await instrumentedContext(browser);
    const { opens: emptyOfflineOpens } = await coldOpens(emptyOfflineContext, emptyHost.url);
    await emptyOfflineContext.close();

    process.stderr.write(`empty library: open runs ${emptyOpens.map((ms) => round(ms, 1)).join(', ')} ms; offline ${emptyOfflineOpens.map((ms) => round(ms, 1)).join(', ')} ms\n`);
    process.stderr.write(`open runs: ${opens.map((ms) => round(ms, 1)).join(', ')} ms; offline: ${offlineOpens.map((ms) => round(ms, 1)).join(', ')} ms; edits: ${edits.map((ms) => round(ms, 1)).join(', ')} ms\n`);
    process.stderr.write(`scroll steps: p50 ${round(percentile(frames, 0.5), 2)} ms, max ${round(Math.max(...frames), 2)} ms over ${frames.length}\n`);
    reportKeystrokes(keystrokes, direct);
    reportBoard(board);
    const [openMs, offlineOpenMs, emptyOpenMs, emptyOfflineOpenMs] = [opens, offlineOpens, emptyOpens, emptyOfflineOpens].map((runs) => Math.max(...runs)) as [number, number, number, number];
    const result = {
      open_ms: round(openMs, 1),
      offline_open_ms: round(offlineOpenMs, 1),
      empty_open_ms: round(emptyOpenMs, 1),
      empty_offline_open_ms: round(emptyOfflineOpenMs, 1),
      open_ratio: round(openMs / emptyOpenMs, 2),
      offline_open_ratio: round(offlineOpenMs / emptyOfflineOpenMs, 2),
      scroll_p95_frame_ms: round(percentile(frames, 0.95), 2),
      edit_roundtrip_ms: round(percentile(edits, 0.5), 1),
      search_keystroke_ms: round(percentile(keystrokes.map((keystroke) => keystroke.total), 0.95), 1),
      board_open_ms: round(board.board_open_ms, 1),
      board_drag_ms: round(board.board_drag_ms, 1),
      board_drag_p50_ms: round(board.board_drag_p50_ms, 1),
      board_drag_reads: board.board_drag_reads,
      ...(analysing > 0 ? { analysed_during: analysedDuring } : {}),
    };
    console.log(json ? JSON.stringify(result) : result);
  }
} finally {
  await browser.close();
  host.stop();
  emptyHost?.stop();
  if (bounces) fs.rmSync(bounces, { recursive: true, force: true });
}

/** Runs in the page: scrolls the grid one step per frame and times the work each step causes. */
function measureScroll({ steps, step }: { steps: number; step: number }): Promise<number[]> {
  const scroller = document.querySelector<HTMLElement>('[data-testid="song-grid"]');
  if (!scroller) throw new Error('no song grid');
  const durations: number[] = [];
  const tick = () => new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
  const rowsShown = (top: number) => {
    const first = Math.floor(top / 32);
    return scroller.querySelector(`[aria-rowindex="${first + 2}"][data-testid="song-row"], [aria-rowindex="${first + 2}"]`) !== null;
  };
  return new Promise((resolve) => {
    let done = 0;
    let started = 0;
    // Registered after react-window's own listener, so it runs after it; the capture one runs before.
    document.addEventListener('scroll', () => (started = performance.now()), { capture: true });
    scroller.addEventListener('scroll', () => {
      void (async () => {
        // React renders in a task queued by react-window's handler: wait for it, then lay the rows out.
        for (let i = 0; i < 5 && !rowsShown(scroller.scrollTop); i += 1) await tick();
        await tick();
        void scroller.offsetHeight;
        durations.push(performance.now() - started);
        done += 1;
        if (done < steps) requestAnimationFrame(() => (scroller.scrollTop += step));
        else resolve(durations);
      })();
    });
    requestAnimationFrame(() => (scroller.scrollTop += step));
  });
}

/**
 * Edits the tempo of the row at `index` and times Enter -> the core's answer shown. The row is followed by its
 * song: under the default sort (newest change first) the edited song moves to the top.
 */
async function editRoundTrip(page: Page, index: number): Promise<number> {
  await page.evaluate(() => document.querySelector<HTMLElement>('[data-testid="song-grid"]')?.scrollTo({ top: 0 }));
  const row = page.getByTestId('song-row').nth(index);
  const songId = await row.getAttribute('data-song-id');
  if (!songId) throw new Error(`no song in row ${index}`);
  await row.locator('[data-column="tempo"]').dblclick();
  const value = String(100 + index);
  await page.getByRole('textbox', { name: 'Tempo' }).fill(value);
  // The listener is in place before Enter is sent (an evaluate left pending may run after the key event).
  await page.evaluate(({ id, value: expected }) => {
    const state = window as unknown as { editSaved?: Promise<number> };
    state.editSaved = new Promise<number>((resolve, reject) => {
      let start = 0;
      document.addEventListener('keydown', () => (start = performance.now()), { capture: true, once: true });
      const timer = setTimeout(() => reject(new Error(`song ${id} never showed tempo ${expected}`)), 10_000);
      const observer = new MutationObserver(() => {
        const current = document.querySelector(`[data-testid="song-row"][data-song-id="${id}"]`);
        if (start && current && !current.hasAttribute('data-pending') && current.querySelector('[data-column="tempo"]')?.textContent === expected) {
          observer.disconnect();
          clearTimeout(timer);
          resolve(performance.now() - start);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  }, { id: songId, value });
  await page.keyboard.press('Enter');
  return page.evaluate(() => (window as unknown as { editSaved: Promise<number> }).editSaved);
}
