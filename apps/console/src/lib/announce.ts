import { createStore, useStore } from './store';

/**
 * What the console's polite live region reads out (issue 65): the socket's notices, coalesced. A screen reader reads
 * a region's every change, so a burst of notices (a batch of buys arriving, a reconnect's backlog) would be read one
 * by one for a minute. Here the notices of a burst wait until it pauses (`quietMs`, at most `maxWaitMs` after the
 * first), then go out as one text: a lone notice as its title, several as a count and their titles with how many of
 * each ("3 条新通知：新买入申请 ×2、新提现申请").
 */
export interface Announcer {
  /** A notice: its title, and what a lone one reads in full (the title and its description). */
  say(title: string, full?: string): void;
  dispose(): void;
}

export interface AnnouncerOptions {
  /** The text of several notices, from each title and its count (in arrival order of the titles). */
  summary: (total: number, counts: [title: string, n: number][]) => string;
  publish: (text: string) => void;
  quietMs?: number;
  maxWaitMs?: number;
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout; now: () => number };
}

export function createAnnouncer(o: AnnouncerOptions): Announcer {
  const quiet = o.quietMs ?? 1500;
  const maxWait = o.maxWaitMs ?? 5000;
  // the browser's timers called as the window's own (detached from it, `timers.setTimeout(…)` is an Illegal invocation)
  const timers = o.timers ?? {
    setTimeout: ((fn: () => void, ms: number) => setTimeout(fn, ms)) as typeof setTimeout,
    clearTimeout: (h: ReturnType<typeof setTimeout>) => clearTimeout(h),
    now: () => Date.now(),
  };
  const counts = new Map<string, number>();
  let lone = '';
  let first = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    timer = undefined;
    const entries = [...counts.entries()];
    counts.clear();
    const total = entries.reduce((n, [, c]) => n + c, 0);
    if (!total) return;
    o.publish(total === 1 ? lone : o.summary(total, entries));
  };

  return {
    say(title, full) {
      if (!counts.size) first = timers.now();
      lone = full ?? title;
      counts.set(title, (counts.get(title) ?? 0) + 1);
      if (timer) timers.clearTimeout(timer);
      const wait = Math.max(0, Math.min(quiet, first + maxWait - timers.now()));
      timer = timers.setTimeout(flush, wait);
    },
    dispose() {
      if (timer) timers.clearTimeout(timer);
      timer = undefined;
      counts.clear();
    },
  };
}

/**
 * The live region's text. Each announcement is a new object, so that the same words twice (two single buys a minute
 * apart) are still a change the region reads.
 */
const region = createStore<{ text: string; at: number }>({ text: '', at: 0 });
let seq = 0;
export const publishAnnouncement = (text: string) => region.set(() => ({ text, at: ++seq }));
export const useAnnouncement = () => useStore(region);
/** What the region says now (outside React). */
export const announcementNow = () => region.get();
