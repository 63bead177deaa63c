import { DEMO, signIn, switchLang, type Browser, type DemoAdmin, type Lang, type Page } from './index.ts';
import { installLayoutProbes } from './layout.ts';

export interface ConsoleAt {
  page: Page;
  close: () => Promise<void>;
}

export interface ConsoleAtOptions {
  /** CSS pixels wide: below 600 a phone (844 px high, touch), else a laptop (900 px high). */
  width: number;
  lang: Lang;
  /** The super-user unless named (the one who sees every page). */
  who?: DemoAdmin;
  /** A browser zoom on that screen: the page laid out in width / zoom CSS pixels, drawn zoom times as large. */
  zoom?: number;
  /** Asks for less motion (antd then draws without its transitions). */
  reducedMotion?: boolean;
}

/**
 * The console on an operator's phone or laptop, in a fresh browser context: signed in through the sign-in form, the
 * layout probes installed (lib/layout.ts), in `lang`. The layout, accessibility and keyboard suites all start here.
 */
export async function consoleAt(browser: Browser, o: ConsoleAtOptions): Promise<ConsoleAt> {
  const phone = o.width < 600;
  const zoom = o.zoom ?? 1;
  const ctx = await browser.newContext({
    viewport: { width: Math.round(o.width / zoom), height: Math.round((phone ? 844 : 900) / zoom) },
    deviceScaleFactor: zoom,
    isMobile: phone,
    hasTouch: phone,
    locale: o.lang,
    reducedMotion: o.reducedMotion ? 'reduce' : 'no-preference',
  });
  try {
    const page = await ctx.newPage();
    await installLayoutProbes(page);
    await signIn(page, o.who ?? DEMO.super);
    if (o.lang === 'en-US') await switchLang(page, 'en-US');
    return { page, close: () => ctx.close() };
  } catch (e) {
    await ctx.close();
    throw e;
  }
}
