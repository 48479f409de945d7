/**
 * The board view's figures for `bench:table` (issue 32), in the same Chromium against the same host and library:
 *   board_open_ms   navigation start -> every status column shows its first cards holding data, the slowest of 3 cold
 *                   opens of a board view of the whole library (each column a virtual list reading its own pages), each
 *                   in a browser context of its own: nothing cached, the page's code fetched and compiled again (the
 *                   host has just served the table, so its core is warm; a new page in the table's context, as before,
 *                   also found the page's code in the cache)
 *   board_drag_ms   a card dropped on the next column -> the card shown in that column and both columns' counts
 *                   told again (the status edit written, its change told, the columns it reaches read again),
 *                   p95 of 40; board_drag_p50_ms their median
 *   board_drag_reads  the pages read (`songs:query` calls the page sent) from a drop until both columns have told
 *                   their counts and the next drag begins, the most of the 40: the column the card left and the one it
 *                   joined, 2; the four others have nothing to read (a board read all six again before issue 44)
 * Goals: board_open_ms < 1000; board_drag_ms <= 100 (issue 45: a drag feels immediate; the optimistic card does not
 * count); board_drag_reads 2. `npm run bench:board -- --songs N --json` measures these alone (`bench:table` measures
 * them after the table's figures).
 *
 * The reads are counted by the table's instruments (`instrumentPage` in table.ts, on the context's every page).
 */
/// <reference lib="dom" />
import type { BrowserContext, Page } from '@playwright/test';
import { percentile } from './measure';

const OPENS = 3;
/** Enough drags for a p95 that is not simply the slowest (`percentile`: the 39th of 40). */
const DRAGS = 40;
/** The statuses, left to right (the first six cards of each column are waited for). */
const COLUMNS = ['Backlog', 'Writing', 'Recording', 'Mixing', 'Mastering', 'Done'];

interface BoardWindow {
  __boardPainted?: Promise<number>;
  __dropped?: Promise<number>;
  /** Every `songs:query` call the page sent (`instrumentPage` in table.ts). */
  __queries: unknown[];
}

/** Runs in every page before its scripts: `__boardPainted` resolves when each column shows a card holding data. */
export function instrumentBoard(columns: string[]): void {
  const state = window as unknown as BoardWindow;
  state.__boardPainted = new Promise((resolve, reject) => {
    const painted = () => columns.every((status) => document.querySelector(`section[data-status="${status}"] [data-testid="board-card"][data-song]`) !== null);
    const observer = new MutationObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error('the board showed no cards within a minute'));
    }, 60_000);
    observer.observe(document, { subtree: true, childList: true });
  });
}

/** Adds a board view over the whole library and returns its address on the host. */
async function addBoardView(page: Page, hostUrl: string): Promise<string> {
  const viewPath = await page.evaluate(async () => {
    const added = await window.api!['db:add-view']({ type: 'custom', title: 'Board', layout: 'board' });
    if (!added.ok) throw new Error(added.error.message);
    return added.data.path;
  });
  const url = new URL(hostUrl);
  url.pathname = viewPath;
  return url.toString();
}

/** In the page: resolves (ms from the drop) when the card `name` is in column `to` and its count reads `expected`. */
function armDrop({ name, to, expected }: { name: string; to: string; expected: number }): void {
  const state = window as unknown as BoardWindow;
  state.__dropped = new Promise((resolve, reject) => {
    let start = 0;
    document.addEventListener('drop', () => (start = performance.now()), { capture: true, once: true });
    const shown = () =>
      document.querySelector(`section[data-status="${to}"] [data-testid="board-card"][data-song="${CSS.escape(name)}"]`) !== null &&
      document.querySelector(`[data-testid="board-count-${to}"]`)?.textContent === expected.toLocaleString();
    const observer = new MutationObserver(() => {
      if (!start || !shown()) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now() - start);
        channel.port2.postMessage(null);
      });
    });
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`the card ${name} never showed in ${to}`));
    }, 30_000);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

export async function measureBoard(
  context: BrowserContext,
  page: Page,
  hostUrl: string,
): Promise<{ board_open_ms: number; board_drag_ms: number; board_drag_p50_ms: number; board_drag_reads: number; opens: number[]; drags: number[]; reads: number[] }> {
  const address = await addBoardView(page, hostUrl);
  await context.addInitScript(instrumentBoard, COLUMNS);
  const opens: number[] = [];
  const browser = context.browser();
  if (!browser) throw new Error('the context has no browser to open cold contexts in');
  for (let run = 0; run < OPENS; run += 1) {
    const cold = await browser.newContext({ viewport: page.viewportSize() ?? { width: 1440, height: 900 } });
    await cold.addInitScript(instrumentBoard, COLUMNS);
    const opened = await cold.newPage();
    await opened.goto(address);
    opens.push(await opened.evaluate(() => (window as unknown as BoardWindow).__boardPainted!));
    await cold.close();
  }
  // The drags on a board page of the measured context, whose pages carry its instruments.
  const board = await context.newPage();
  await board.goto(address);
  await board.evaluate(() => (window as unknown as BoardWindow).__boardPainted!);
  const drags: number[] = [];
  const reads: number[] = [];
  const counts = new Map<string, number>();
  const countOf = async (status: string) => Number(((await board.getByTestId(`board-count-${status}`).textContent()) ?? '').replace(/\D/g, ''));
  const countsTold = () =>
    board.waitForFunction(
      (expected) => expected.every(([status, count]) => document.querySelector(`[data-testid="board-count-${status}"]`)?.textContent === count.toLocaleString()),
      [...counts.entries()],
    );
  const queriesSent = () => board.evaluate(() => (window as unknown as BoardWindow).__queries.length);
  for (const status of COLUMNS.slice(0, 2)) counts.set(status, await countOf(status));
  let sentBeforeDrag: number | null = null;
  for (let run = 0; run < DRAGS; run += 1) {
    const [from, to] = [COLUMNS[run % 2 === 0 ? 0 : 1]!, COLUMNS[run % 2 === 0 ? 1 : 0]!];
    // Both columns have told the last move's counts before the next drag starts; what the last drag read is counted then.
    await countsTold();
    if (sentBeforeDrag !== null) reads.push((await queriesSent()) - sentBeforeDrag);
    sentBeforeDrag = await queriesSent();
    const card = board.locator(`section[data-status="${from}"] [data-testid="board-card"][data-song]`).first();
    const name = (await card.getAttribute('data-song')) ?? '';
    counts.set(from, counts.get(from)! - 1);
    counts.set(to, counts.get(to)! + 1);
    await board.evaluate(armDrop, { name, to, expected: counts.get(to)! });
    await card.dragTo(board.locator(`section[data-status="${to}"]`));
    drags.push(await board.evaluate(() => (window as unknown as BoardWindow).__dropped!));
  }
  await countsTold();
  // The last drag's reads: the page is asked once more after its counts were told (one round trip), so a read its
  // change started is sent by then.
  await board.evaluate(() => window.api!['db:get-views']());
  reads.push((await queriesSent()) - sentBeforeDrag!);
  await board.close();
  return { board_open_ms: Math.max(...opens), board_drag_ms: percentile(drags, 0.95), board_drag_p50_ms: percentile(drags, 0.5), board_drag_reads: Math.max(...reads), opens, drags, reads };
}
