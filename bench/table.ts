/**
 * `npm run bench:table -- --songs 200000 --json`: the song table as a user meets it, in real Chromium against
 * the browser host over a library of N songs. Prints one JSON line:
 *   open_ms              navigation start -> the first rows of All Songs on screen (median of 3 fresh pages)
 *   offline_open_ms      the same with every request to the cloud failing (a plane, a café, the project down)
 *   scroll_p95_frame_ms  p95 of the main-thread work of one scroll step (3 rows per frame): the scroll event,
 *                        react-window's and React's render and commit, and the layout of the new rows
 *   edit_roundtrip_ms    Enter in a cell -> the core has saved the edit and the row shows its answer (median)
 * Goals (issues 4 and 15): open_ms < 1000, offline_open_ms < 1000, scroll_p95_frame_ms <= 16.
 *
 * `--analysing N` measures the same while the app analyses N bounces in the background (issue 18: the table must
 * not slow down): it watches a folder of N distinct 10-second grooves first (`--bounce-seconds S` for another
 * length), and adds `analysed_during`, how many of them were analysed while the table was measured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { DATABASE_FILE_NAME, openDatabase } from '../db/connection';
import { startHost } from '../harness/host';
import { createConfirmedUser, MUSICIAN, setHostAccount } from '../harness/signed-in';
import { appRootFrom } from '../main/paths';
import { synthGroove } from '../fixtures/generators/audio-corpus';
import { writeSongs } from '../fixtures/generators/songs';
import { writeSignalWav } from '../fixtures/generators/wav';
import { argValue, round } from './measure';

const argv = process.argv.slice(2);
const count = Number(argValue(argv, '--songs', '200000'));
const json = argv.includes('--json');
const analysing = Number(argValue(argv, '--analysing', '0'));
const bounceSeconds = Number(argValue(argv, '--bounce-seconds', '10'));
const SCROLL_STEPS = 240;
const ROW_HEIGHT = 32;

const appRoot = appRootFrom(path.dirname(fileURLToPath(import.meta.url)));
const rendererDir = path.join(appRoot, 'dist', 'renderer');
if (!fs.existsSync(path.join(rendererDir, 'index.html'))) throw new Error('Build the renderer first: npm run build:renderer');

// The app as `npm start` runs it (the browser host with its local cloud), over a library written beforehand; the
// dashboard is behind sign-in, so the musician signs in to the app first, as in the end-to-end tests (the core keeps
// the session: every page opens signed in).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-table-'));
const db = openDatabase(path.join(dataDir, DATABASE_FILE_NAME), { migrationsFolder: path.join(appRoot, 'migrations') });
process.stderr.write(`writing ${count} songs…\n`);
writeSongs(db, count);
db.close();
const host = await startHost({ dataDir });
if (!host.cloud) throw new Error('the host started no local cloud');
await createConfirmedUser(host.cloud, MUSICIAN);
const executablePath = process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const browser = await chromium.launch({ ...(executablePath ? { executablePath } : {}), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const context: BrowserContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
await setHostAccount(context, host.url, MUSICIAN);

const cloudOrigin = new URL(host.cloud.url).origin;

/** Opens the app in a fresh page and times it to the first rows; `offline` fails every request to the cloud. */
async function openTable(offline: boolean): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  if (offline) await page.route((url) => url.origin === cloudOrigin, (route) => route.abort('internetdisconnected'));
  await page.goto(host.url);
  const ms = await page.evaluate(() => new Promise<number>((resolve) => {
    const check = () => (document.querySelectorAll('[data-testid="song-row"]').length > 10 ? resolve(performance.now()) : requestAnimationFrame(check));
    check();
  }));
  return { page, ms };
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

let bounces: string | null = null;
try {
  let analysedBefore = 0;
  if (analysing > 0) {
    bounces = fs.mkdtempSync(path.join(os.tmpdir(), 'songshelf-bench-bounces-'));
    for (let i = 0; i < analysing; i += 1) {
      writeSignalWav(path.join(bounces, `Bounce ${i}.wav`), synthGroove({ bpm: 90 + (i % 80), durationS: bounceSeconds, sampleRate: 22_050, seed: i + 1 }), 22_050);
    }
    const starter = await context.newPage();
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
    await starter.close();
  }
  const opens: number[] = [];
  const offlineOpens: number[] = [];
  let page: Page | null = null;
  for (let run = 0; run < 3; run += 1) {
    await page?.close();
    ({ page, ms: opens[run] } = await openTable(false));
  }
  for (let run = 0; run < 3; run += 1) {
    const offline = await openTable(true);
    offlineOpens.push(offline.ms);
    await offline.page.close();
  }
  if (!page) throw new Error('no page');
  const frames = await page.evaluate(measureScroll, { steps: SCROLL_STEPS, step: 3 * ROW_HEIGHT });
  const edits: number[] = [];
  for (let i = 0; i < 7; i += 1) edits.push(await editRoundTrip(page, i));
  process.stderr.write(`open runs: ${opens.map((ms) => round(ms, 1)).join(', ')} ms; offline: ${offlineOpens.map((ms) => round(ms, 1)).join(', ')} ms; edits: ${edits.map((ms) => round(ms, 1)).join(', ')} ms\n`);
  process.stderr.write(`scroll steps: p50 ${round(percentile(frames, 0.5), 2)} ms, max ${round(Math.max(...frames), 2)} ms over ${frames.length}\n`);
  const result = {
    open_ms: round(percentile(opens, 0.5), 1),
    offline_open_ms: round(percentile(offlineOpens, 0.5), 1),
    scroll_p95_frame_ms: round(percentile(frames, 0.95), 2),
    edit_roundtrip_ms: round(percentile(edits, 0.5), 1),
    ...(analysing > 0 ? { analysed_during: (await analysedSongs(page)) - analysedBefore } : {}),
  };
  console.log(json ? JSON.stringify(result) : result);
} finally {
  await browser.close();
  host.stop();
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

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
