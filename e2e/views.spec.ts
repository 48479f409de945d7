// Views (issue 4): custom views with their own sort, filters, columns (visibility, order, width); the free
// tier's limit with the spec's message; rename; the deletion rules and where the app goes after a delete.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { hostUrl } from './host-url';
import { addSongs, expectNames, search } from './songs';

const VIEW_LIMIT = "You've reached the limit of 3 custom views on the Free tier. Upgrade to Pro for unlimited custom views!";

test.describe.configure({ mode: 'serial' });

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Views' });

async function createView(page: Page, title: string) {
  await sidebar(page).getByRole('button', { name: 'New view' }).click();
  await page.getByLabel('New view name').fill(title);
  await page.getByLabel('New view name').press('Enter');
}

async function customViewCount(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const views = await window.api!['db:get-views']();
    return views.ok ? views.data.filter((view) => view.type === 'custom').length : -1;
  });
}

test('a custom view keeps its own sort, filters and columns', async ({ page }) => {
  await page.goto(hostUrl());
  await addSongs(page, [
    { name: 'Vw Mid', tempo: '110', status: 'Mixing' },
    { name: 'Vw Fast', tempo: '140', status: 'Mixing' },
    { name: 'Vw Slow', tempo: '70', status: 'Mixing' },
    { name: 'Vw Draft', tempo: '100', status: 'Writing' },
  ]);
  await createView(page, 'Mixing queue');
  await expect(page.getByRole('heading', { name: 'Mixing queue', level: 1 })).toBeVisible();
  const viewUrl = page.url();
  await search(page, 'Vw');

  await page.getByRole('columnheader', { name: 'Tempo' }).getByRole('button').click();
  await expectNames(page, ['Vw Slow', 'Vw Draft', 'Vw Mid', 'Vw Fast']);
  await page.getByRole('columnheader', { name: 'Tempo' }).getByRole('button').click();
  await expectNames(page, ['Vw Fast', 'Vw Mid', 'Vw Draft', 'Vw Slow']);

  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('dialog', { name: 'Filters' });
  await filters.getByRole('button', { name: 'Add filter' }).click();
  await filters.getByLabel('Filter value').fill('Mixing');
  await expectNames(page, ['Vw Fast', 'Vw Mid', 'Vw Slow']);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Columns' }).click();
  const columns = page.getByRole('dialog', { name: 'Columns' });
  // Tier and Tags ticked on (a view shows eight columns until told), DAW off, Tempo moved up past it.
  await columns.getByRole('checkbox', { name: 'Tier', exact: true }).check();
  await columns.getByRole('checkbox', { name: 'Tags', exact: true }).check();
  await columns.getByRole('checkbox', { name: 'DAW', exact: true }).uncheck();
  await columns.getByRole('button', { name: 'Move Tempo up' }).click();
  // A click outside closes the panel.
  await page.getByRole('heading', { name: 'Mixing queue', level: 1 }).click();
  await expect(page.getByRole('columnheader', { name: 'DAW', exact: true })).toHaveCount(0);

  // Drag a header onto another to put it before; drag a header's edge to resize it.
  await expect(columns).toBeHidden();
  // Clicking the Tempo header scrolled the table right to reach it; a mouse drag needs both headers on screen.
  await page.getByRole('columnheader', { name: 'Name', exact: true }).scrollIntoViewIfNeeded();
  const from = (await page.getByRole('columnheader', { name: 'Status', exact: true }).boundingBox())!;
  const to = (await page.getByRole('columnheader', { name: 'Name', exact: true }).boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + 20, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByRole('columnheader').nth(2)).toHaveAttribute('aria-label', 'Status');
  const tier = page.getByRole('columnheader', { name: 'Tier', exact: true });
  // Tier, ticked on, comes after the default columns: at the right, scrolled to.
  await tier.scrollIntoViewIfNeeded();
  const before = (await tier.boundingBox())!.width;
  const handle = (await page.getByRole('separator', { name: 'Resize Tier' }).boundingBox())!;
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 80, handle.y + handle.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await tier.boundingBox())!.width).toBeGreaterThan(before + 60);
  await page.screenshot({ path: 'e2e/artifacts/view-custom.png' });

  await page.goto(viewUrl);
  await search(page, 'Vw');
  await expectNames(page, ['Vw Fast', 'Vw Mid', 'Vw Slow']);
  await expect(page.getByRole('columnheader', { name: 'DAW', exact: true })).toHaveCount(0);
  const headers = await page.getByRole('columnheader').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('aria-label') ?? cell.textContent ?? ''));
  const at = (label: string) => headers.findIndex((header) => header.trim().startsWith(label));
  for (const label of ['Status', 'Name', 'Tempo', 'Tags']) expect(at(label), label).toBeGreaterThanOrEqual(0);
  expect(at('Status')).toBeLessThan(at('Name'));
  expect(at('Tempo')).toBeLessThan(at('Tags'));
  expect((await page.getByRole('columnheader', { name: 'Tier', exact: true }).boundingBox())!.width).toBeGreaterThan(before + 60);
  // All Songs keeps its own settings.
  await sidebar(page).getByRole('link', { name: 'All Songs' }).click();
  await expect(page.getByRole('columnheader', { name: 'DAW', exact: true })).toHaveCount(1);
});

test('the free tier stops at 3 custom views: the spec alert, the pricing page, nothing created', async ({ page }) => {
  await page.goto(hostUrl());
  await expect(sidebar(page).getByRole('link', { name: 'All Songs' })).toBeVisible();
  while ((await customViewCount(page)) < 3) {
    const count = await customViewCount(page);
    await createView(page, `Spare ${count}`);
    await expect.poll(() => customViewCount(page)).toBe(count + 1);
  }
  const alerted = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );
  await createView(page, 'One too many');
  expect(await alerted).toBe(VIEW_LIMIT);
  await expect(page).toHaveURL(/\/pricing$/);
  expect(await customViewCount(page)).toBe(3);
});

test('views are renamed and deleted; Hidden and the last custom view cannot be deleted', async ({ page }) => {
  await page.goto(hostUrl());
  const nav = sidebar(page);
  await nav.getByRole('link', { name: 'Mixing queue' }).hover();
  await nav.getByRole('button', { name: 'Rename Mixing queue' }).click();
  await page.getByLabel('View name').fill('Mix down');
  await page.getByLabel('View name').press('Enter');
  await expect(nav.getByRole('link', { name: 'Mix down' })).toBeVisible();

  await nav.getByRole('link', { name: 'Mix down' }).click();
  await expect(page.getByRole('heading', { name: 'Mix down', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Mix down' }).hover();
  await nav.getByRole('button', { name: 'Delete Mix down' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete view' }).click();
  await expect(nav.getByRole('link', { name: 'Mix down' })).toHaveCount(0);
  // After a delete: the first remaining view.
  await expect(page.getByRole('heading', { name: 'All Songs', level: 1 })).toBeVisible();

  await expect(nav.getByRole('button', { name: 'Delete Hidden' })).toHaveCount(0);
  for (const view of await page.evaluate(async () => {
    const views = await window.api!['db:get-views']();
    return views.ok ? views.data.filter((item) => item.type === 'custom' && item.title !== 'All Songs').map((item) => item.title) : [];
  })) {
    await nav.getByRole('link', { name: view }).hover();
    await nav.getByRole('button', { name: `Delete ${view}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete view' }).click();
    await expect(nav.getByRole('link', { name: view })).toHaveCount(0);
  }
  await nav.getByRole('link', { name: 'All Songs' }).hover();
  const last = nav.getByRole('button', { name: 'Delete All Songs' });
  await expect(last).toBeDisabled();
  await expect(last).toHaveAttribute('title', 'The last custom view cannot be deleted.');
  const refused = await page.evaluate(async () => {
    const views = await window.api!['db:get-views']();
    const hidden = views.ok ? views.data.find((view) => view.type === 'hidden') : undefined;
    const result = await window.api!['db:delete-view']({ id: hidden!.id });
    return result.ok ? 'deleted' : result.error.message;
  });
  expect(refused).toBe('The Hidden view cannot be deleted.');
  await page.screenshot({ path: 'e2e/artifacts/views-sidebar.png' });
});
