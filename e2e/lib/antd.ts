// antd helpers shared by several specs: toasts, modals, screenshots once toasts and animations have settled.
import { screenshot, type Lang, type Locator, type Page } from './index.ts';

/** A string as a RegExp source matching it literally. */
export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Waits for an antd message (toast) with exactly this text. */
export async function expectMessage(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-message-notice')
    .filter({ hasText: new RegExp(`^\\s*${esc(text)}\\s*$`) })
    .first()
    .waitFor();
}

/** The visible modal whose title matches. */
export const modal = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal-content').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** Screenshot after antd toasts and animations settle. */
export async function shot(page: Page, name: string, lang: Lang): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.ant-message-notice'), undefined, { timeout: 8000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  await screenshot(page, name, lang);
}
