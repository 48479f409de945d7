// Issue 32: a board view (a column per status) over projects whose saves are known. Cards move by mouse (drag) and
// by keyboard, through the table's edit path, with Undo; the studio time the saves give shows on each card.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { writeAbletonHistory } from '../fixtures/generators/project-versions';
import { expectNoSidewaysScroll, expectOnScreen, PHONE } from './phone';
import { openAndWatch, tempFolder } from './songs';

const column = (page: Page, status: string) => page.getByRole('region', { name: status, exact: true });
const card = (page: Page, name: string) => page.getByTestId('board-card').and(page.locator(`[data-song="${name}"]`));

async function statusOf(page: Page, name: string): Promise<string | undefined> {
  return page.evaluate(async (wanted) => {
    const found = await window.api!['songs:query']({ search: `name:"${wanted}"` });
    return found.ok ? found.data.rows[0]?.status : undefined;
  }, name);
}

/**
 * Counts the columns' page reads (`songs:query` calls naming a status, as each column's search does) the page sends
 * over its bridge from now on; returns the count so far.
 */
async function countColumnReads(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const state = window as unknown as { __columnReads?: number };
    if (state.__columnReads === undefined) {
      const send = WebSocket.prototype.send;
      WebSocket.prototype.send = function (this: WebSocket, data) {
        if (typeof data === 'string' && data.includes('"channel":"songs:query"') && data.includes('status:')) state.__columnReads! += 1;
        send.call(this, data);
      };
    }
    state.__columnReads = 0;
  });
  return () => page.evaluate(() => (window as unknown as { __columnReads: number }).__columnReads);
}

async function boardSearch(page: Page, text: string) {
  await page.getByLabel('Search songs').fill(text);
}

test('a board moves songs between statuses by mouse and keyboard, with Undo, and shows when each was last worked on', async ({ page }) => {
  const root = tempFolder('songshelf-e2e-board-');
  // Saves 40 minutes apart ending at noon `daysAgo` calendar days back, so the card's words ("3 days ago", counted in
  // calendar days) do not depend on the hour the test runs at: saves counted back from now crossed midnight after 22:40.
  const today = new Date();
  const saves = (daysAgo: number, count: number) => {
    const noon = new Date(today.getFullYear(), today.getMonth(), today.getDate() - daysAgo, 12).getTime();
    return Array.from({ length: count }, (_, index) => ({ tempo: 124, tracks: ['Drums', 'Bass'], samples: [], time: noon - (count - 1 - index) * 40 * 60_000 }));
  };
  writeAbletonHistory(root, 'Bd Night Drive', saves(3, 3));
  writeAbletonHistory(root, 'Bd Harbour', saves(40, 2));
  writeAbletonHistory(root, 'Bd Glass', saves(1, 4));

  await openAndWatch(page, root);

  const viewPath = await page.evaluate(async () => {
    const added = await window.api!['db:add-view']({ type: 'custom', title: 'Board e2e', layout: 'board' });
    if (!added.ok) throw new Error(added.error.message);
    return added.data.path;
  });
  try {
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Board e2e' }).click();
    await expect(page).toHaveURL(new RegExp(`${viewPath}$`));
    await boardSearch(page, 'Bd');
    await expect(column(page, 'Backlog').getByTestId('board-card')).toHaveCount(3, { timeout: 20_000 });
    await expect(card(page, 'Bd Night Drive')).toContainText('Worked on 3 days ago');
    await expect(card(page, 'Bd Harbour')).toContainText('Worked on 40 days ago');
    await expect(card(page, 'Bd Glass')).toContainText('Live');

    // By mouse: drag to Mixing; the table's edit path writes it, and Undo takes it back. The move reads the two
    // columns it changed, and no other (issue 44).
    const columnReads = await countColumnReads(page);
    await card(page, 'Bd Night Drive').dragTo(column(page, 'Mixing'));
    await expect(column(page, 'Mixing').getByTestId('board-card')).toHaveCount(1);
    await expect(page.getByTestId('board-count-Mixing')).toHaveText('1');
    await expect(page.getByTestId('board-count-Backlog')).toHaveText('2');
    expect(await columnReads()).toBe(2);
    await expect.poll(() => statusOf(page, 'Bd Night Drive')).toBe('Mixing');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => statusOf(page, 'Bd Night Drive')).toBe('Backlog');
    await expect(column(page, 'Mixing').getByTestId('board-card')).toHaveCount(0);

    // By keyboard alone: Tab from the toolbar reaches the board at its first column's first card.
    await page.getByRole('button', { name: 'Studio', exact: true }).focus();
    for (let tab = 0; tab < 6 && !(await column(page, 'Backlog').getByTestId('board-card').first().evaluate((element) => element === document.activeElement)); tab++) await page.keyboard.press('Tab');
    await expect(column(page, 'Backlog').getByTestId('board-card').first()).toBeFocused();
    // Shift+→ moves the focused card a status on, and the focus goes with it.
    await card(page, 'Bd Glass').click();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(column(page, 'Writing').locator('[data-song="Bd Glass"]')).toBeFocused();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(column(page, 'Recording').locator('[data-song="Bd Glass"]')).toBeFocused();
    await expect.poll(() => statusOf(page, 'Bd Glass')).toBe('Recording');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(column(page, 'Writing').locator('[data-song="Bd Glass"]')).toBeFocused();
    await expect.poll(() => statusOf(page, 'Bd Glass')).toBe('Writing');
    // ← goes to the card beside it; ↓ to the next in a column; Enter opens the song.
    await page.keyboard.press('ArrowLeft');
    await expect(column(page, 'Backlog').getByTestId('board-card').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(column(page, 'Backlog').getByTestId('board-card').nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await card(page, 'Bd Harbour').dragTo(column(page, 'Done'));
    await expect(column(page, 'Done').locator('[data-song="Bd Harbour"]')).toBeVisible();
    await page.screenshot({ path: 'e2e/artifacts/board.png' });
    // On a phone: the page does not scroll sideways (the columns scroll in their own box), and a card is moved on
    // with its column following the focus onto the screen.
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectOnScreen(page.getByLabel('Search songs'), page.getByRole('group', { name: 'Layout' }), card(page, 'Bd Night Drive'));
    await page.screenshot({ path: 'e2e/artifacts/board-phone.png' });
    await card(page, 'Bd Night Drive').click();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(column(page, 'Writing').locator('[data-song="Bd Night Drive"]')).toBeFocused();
    await expectOnScreen(column(page, 'Writing').locator('[data-song="Bd Night Drive"]'));
    await expect.poll(() => statusOf(page, 'Bd Night Drive')).toBe('Writing');
    await expectNoSidewaysScroll(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    // The same view as a table, and back: the layout is the view's, saved with it.
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Table' }).click();
    await expect(page.getByTestId('song-grid')).toBeVisible();
    await page.getByRole('group', { name: 'Layout' }).getByRole('button', { name: 'Board' }).click();
    await expect(column(page, 'Done')).toBeVisible();
  } finally {
    await page.evaluate(async (path) => {
      const views = await window.api!['db:get-views']();
      const id = views.ok ? views.data.find((view) => view.path === path)?.id : undefined;
      if (id) await window.api!['db:delete-view']({ id });
    }, viewPath);
  }
});
