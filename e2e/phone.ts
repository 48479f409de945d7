// A phone's screen for the layout tests (an iPhone 14's CSS pixels), and what every page must hold there.
import { expect, type Locator, type Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 } as const;

/** The page itself never scrolls sideways: what is wider than the phone scrolls inside its own box. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = () => page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: document.scrollingElement!.clientWidth }));
  await expect.poll(async () => {
    const { scroll, client } = await widths();
    return scroll - client;
  }).toBeLessThanOrEqual(0);
}

/** Each control is on the phone's screen whole (not cut off by the screen's edge nor by a box that scrolls). */
export async function expectOnScreen(...controls: Locator[]): Promise<void> {
  for (const control of controls) await expect(control).toBeInViewport({ ratio: 1 });
}
