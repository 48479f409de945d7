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
 *   board_open_ms, board_drag_ms, board_drag_reads   a board view of the same library (issues 32, 44): see `board.ts`
 * Goals (issues 4, 15 and 30): open_ms < 1000, offline_open_ms < 1000, scroll_p95_frame_ms <= 16,
 * search_keystroke_ms <= 50; (issue 32) board_open_ms < 1000, board_drag_ms < 300.
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
import { argValue, round } from './measure';

const argv = process.argv.slice(2);
const count = Number(argValue(argv, '--songs', '200000'));
const json = argv.includes('--json');
const analysing = Number(argValue(argv, '--analysing', '0'));
const bounceSeconds = Number(argValue(argv, '--bounce-seconds', '10'));
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
writeSongs(db, count, { analysis: true });
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
  __keystroke?: Promise<KeystrokeTiming>;
}

/**
 * One keystroke, in ms from its keydown: the query's call sent and answered (null if none was seen), and the rows
 * painted; `refused`: the core answered the call with an error (the grid then shows none, which is not a result).
 */
interface KeystrokeTiming {
  text: string;
  total: number;
  sent: number | null;
  answered: number | null;
  refused: boolean;
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
    const rowsWithData = () => {
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
  const opens: number[] = [];
  let page: Page | null = null;
  for (let run = 0; run < OPENS; run += 1) {
    await page?.close();
    ({ page, ms: opens[run] } = await openTable(context, host.url));
  }
  if (!page) throw new Error('no page');
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

  process.stderr.write(`open runs: ${opens.map((ms) => round(ms, 1)).join(', ')} ms; offline: ${offlineOpens.map((ms) => round(ms, 1)).join(', ')} ms; edits: ${edits.map((ms) => round(ms, 1)).join(', ')} ms\n`);
  process.stderr.write(`scroll steps: p50 ${round(percentile(frames, 0.5), 2)} ms, max ${round(Math.max(...frames), 2)} ms over ${frames.length}\n`);
  reportKeystrokes(keystrokes, direct);
  process.stderr.write(`board opens: ${board.opens.map((ms) => round(ms, 1)).join(', ')} ms; drags: ${board.drags.map((ms) => round(ms, 1)).join(', ')} ms; reads per drag: ${board.reads.join(', ')}\n`);
  const result = {
    open_ms: round(Math.max(...opens), 1),
    offline_open_ms: round(Math.max(...offlineOpens), 1),
    scroll_p95_frame_ms: round(percentile(frames, 0.95), 2),
    edit_roundtrip_ms: round(percentile(edits, 0.5), 1),
    search_keystroke_ms: round(percentile(keystrokes.map((keystroke) => keystroke.total), 0.95), 1),
    board_open_ms: round(board.board_open_ms, 1),
    board_drag_ms: round(board.board_drag_ms, 1),
    board_drag_reads: board.board_drag_reads,
    ...(analysing > 0 ? { analysed_during: analysedDuring } : {}),
  };
  console.log(json ? JSON.stringify(result) : result);
} finally {
  await browser.close();
  host.stop();
  if (bounces) fs.rmSync(bounces, { recursive: true, force: true });
}

/**
 * Clears the search box (waiting for All Songs again), then types `text` one letter at a time, each letter timed
 * from its keydown to the frame after the grid shows the rows of the text so far (`armKeystroke`).
 */
async function typeSearch(page: Page, text: string): Promise<KeystrokeTiming[]> {
  const box = page.getByRole('searchbox', { name: 'Search songs' });
  await box.fill('');
  await page.waitForFunction(searchShown, '', { timeout: 30_000 });
  await box.focus();
  const timings: KeystrokeTiming[] = [];
  for (let typed = 1; typed <= text.length; typed += 1) {
    // The listener is in place before the key is sent (an evaluate left pending may run after the key event).
    await page.evaluate(armKeystroke, text.slice(0, typed).trim());
    await page.keyboard.type(text[typed - 1]!);
    const timing = await page.evaluate(() => (window as unknown as BenchWindow).__keystroke!);
    if (timing.refused) throw new Error(`the core refused the search "${timing.text}" (its error is in the host's log above)`);
    timings.push(timing);
  }
  return timings;
}

/** Runs in the page: whether the grid shows the rows of the search `expected` (rows holding data, or none found). */
function searchShown(expected: string): boolean {
  if (document.querySelector('[data-testid="song-grid"]')?.getAttribute('data-search') !== expected) return false;
  if (document.querySelector('[data-testid="song-count"]')?.textContent === '0 songs') return true;
  return Array.from(document.querySelectorAll('[data-testid="song-row"] [data-column="name"]')).some((cell) => cell.textContent);
}

/**
 * Runs in the page: `__keystroke` resolves with the next keystroke's timing, from its keydown to the task after the
 * frame in which the grid first shows the rows of `expected` (the grid's `data-search` is the search of the rows it
 * shows). The same test as `searchShown`, inlined: a function handed to the page carries nothing it calls.
 */
function armKeystroke(expected: string): void {
  const state = window as unknown as BenchWindow;
  state.__keystroke = new Promise((resolve, reject) => {
    let start = 0;
    document.addEventListener('keydown', () => (start = performance.now()), { capture: true, once: true });
    const shown = () => {
      if (document.querySelector('[data-testid="song-grid"]')?.getAttribute('data-search') !== expected) return false;
      if (document.querySelector('[data-testid="song-count"]')?.textContent === '0 songs') return true;
      return Array.from(document.querySelectorAll('[data-testid="song-row"] [data-column="name"]')).some((cell) => cell.textContent);
    };
    const observer = new MutationObserver(() => {
      if (!start || !shown()) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const total = performance.now() - start;
          // The first page's call (a search reads the rows on screen and the page after, in two calls).
          const call = state.__queries.filter((query) => query.search === expected && query.sentAt >= start).sort((a, b) => a.offset - b.offset || a.sentAt - b.sentAt)[0];
          resolve({ text: expected, total, sent: call ? call.sentAt - start : null, answered: call?.answeredAt != null ? call.answeredAt - start : null, refused: call?.refused ?? false });
        };
        channel.port2.postMessage(null);
      });
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the table never showed the rows of "${expected}"`));
    }, 30_000);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-search'] });
  });
}

/** The median round trip of each search typed, as the table asked it (its first page), called again 3 times with nothing else going on. */
async function directQueries(page: Page, texts: string[]): Promise<Map<string, number>> {
  const typed = [...new Set(texts.flatMap((text) => Array.from({ length: text.length }, (_, at) => text.slice(0, at + 1).trim())))];
  const medians = await page.evaluate(async (searches) => {
    const state = window as unknown as BenchWindow;
    const found: [string, number][] = [];
    for (const search of searches) {
      const call = state.__queries.find((query) => query.search === search && query.offset === 0);
      if (!call) continue;
      const times: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const start = performance.now();
        const answer = await window.api!['songs:query'](call.input as never);
        if (!answer.ok) break;
        times.push(performance.now() - start);
      }
      if (times.length === 3) found.push([search, times.sort((a, b) => a - b)[1]!]);
    }
    return found;
  }, typed);
  return new Map(medians);
}

/** Where a keystroke's time goes: the debounce (keydown -> the query sent), the query (-> its answer arrived), the render (-> painted). */
function reportKeystrokes(keystrokes: KeystrokeTiming[], direct: Map<string, number>): void {
  const parts = (of: KeystrokeTiming[]) => {
    const seen = of.filter((keystroke) => keystroke.sent !== null && keystroke.answered !== null);
    return {
      total: of.map((keystroke) => keystroke.total),
      debounce: seen.map((keystroke) => keystroke.sent!),
      query: seen.map((keystroke) => keystroke.answered! - keystroke.sent!),
      render: seen.map((keystroke) => keystroke.total - keystroke.answered!),
    };
  };
  const describe = (values: number[]) => (values.length === 0 ? 'not seen' : `p50 ${round(percentile(values, 0.5), 1)} p95 ${round(percentile(values, 0.95), 1)}`);
  const all = parts(keystrokes);
  const unseen = keystrokes.length - all.debounce.length;
  process.stderr.write(
    `search keystrokes (${keystrokes.length}${unseen > 0 ? `, ${unseen} without a query seen` : ''}), ms: total ${describe(all.total)}; keydown -> query sent (debounce) ${describe(all.debounce)}; ` +
      `query round trip ${describe(all.query)}; answer -> painted ${describe(all.render)}\n`,
  );
  process.stderr.write('  typed            total  debounce  query  render  query alone (median ms)\n');
  for (const text of [...new Set(keystrokes.map((keystroke) => keystroke.text))]) {
    const of = parts(keystrokes.filter((keystroke) => keystroke.text === text));
    const cell = (values: number[], width: number) => (values.length === 0 ? '—' : String(round(percentile(values, 0.5), 1))).padStart(width);
    const alone = direct.get(text);
    process.stderr.write(`  ${text.padEnd(14)} ${cell(of.total, 7)} ${cell(of.debounce, 9)} ${cell(of.query, 6)} ${cell(of.render, 7)} ${(alone === undefined ? '—' : String(round(alone, 1))).padStart(12)}\n`);
  }
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

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
