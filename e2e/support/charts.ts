import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Scrolls to each named chart as a reader of the page does and waits until it is drawn and painted more than a
 * title's worth of pixels, then goes back to the top (a full-page screenshot of a scrolled page draws the fixed app
 * bar halfway down). A chart's place is swapped for the drawn chart when it nears the screen, so the element is
 * looked up again on every try instead of held by a locator that may point at the place just removed.
 */
export async function expectChartsDrawn(page: Page, labels: string[]): Promise<void> {
  for (const label of labels) {
    await expect.poll(() => page.evaluate((l) => {
      const el = document.querySelector(`[data-chart="${CSS.escape(l)}"]`);
      el?.scrollIntoView({ block: 'center' });
      return !!el?.querySelector('canvas');
    }, label), { timeout: 15_000 }).toBe(true);
  }
  await expect.poll(() => page.evaluate((ls) => ls.filter((l) => {
    const canvas = document.querySelector<HTMLCanvasElement>(`[data-chart="${CSS.escape(l)}"] canvas`);
    const data = canvas?.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    if (data) for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
    return n <= 5000;
  }), labels), { timeout: 15_000 }).toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
}
