/**
 * The search box's keystrokes for `bench:table` (issue 30): each letter typed timed from its keydown to the frame
 * after the grid shows the rows of the text so far, and where that time goes (debounce, query, render), against
 * the same queries called directly. Runs on a page `table.ts` instrumented (`__queries`).
 */
/// <reference lib="dom" />
import type { Page } from '@playwright/test';
import { percentile, round } from './measure';

interface SearchWindow {
  __queries: { id: number; search: string; offset: number; input: unknown; sentAt: number; answeredAt: number | null; refused: boolean }[];
  __keystroke?: Promise<KeystrokeTiming>;
}

/**
 * One keystroke, in ms from its keydown: the query's call sent and answered (null if none was seen), and the rows
 * painted; `refused`: the core answered the call with an error (the grid then shows none, which is not a result).
 */
export interface KeystrokeTiming {
  text: string;
  total: number;
  sent: number | null;
  answered: number | null;
  refused: boolean;
}

/**
 * Clears the search box (waiting for All Songs again), then types `text` one letter at a time, each letter timed
 * from its keydown to the frame after the grid shows the rows of the text so far (`armKeystroke`).
 */
export async function typeSearch(page: Page, text: string): Promise<KeystrokeTiming[]> {
  const box = page.getByRole('searchbox', { name: 'Search songs' });
  await box.fill('');
  await page.waitForFunction(searchShown, '', { timeout: 30_000 });
  await box.focus();
  const timings: KeystrokeTiming[] = [];
  for (let typed = 1; typed <= text.length; typed += 1) {
    // The listener is in place before the key is sent (an evaluate left pending may run after the key event).
    await page.evaluate(armKeystroke, text.slice(0, typed).trim());
    await page.keyboard.type(text[typed - 1]!);
    const timing = await page.evaluate(() => (window as unknown as SearchWindow).__keystroke!);
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
  const state = window as unknown as SearchWindow;
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
export async function directQueries(page: Page, texts: string[]): Promise<Map<string, number>> {
  const typed = [...new Set(texts.flatMap((text) => Array.from({ length: text.length }, (_, at) => text.slice(0, at + 1).trim())))];
  const medians = await page.evaluate(async (searches) => {
    const state = window as unknown as SearchWindow;
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
export function reportKeystrokes(keystrokes: KeystrokeTiming[], direct: Map<string, number>): void {
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
