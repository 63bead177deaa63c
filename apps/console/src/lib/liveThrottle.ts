/**
 * How a view follows live events without following each one: a list's reloads (shared/list/useLiveRefresh), the
 * dashboard's figures, the header's counters (features/realtime).
 */

/** Events of a burst (a batch review settles many records at once) refresh a view once, this long after the first. */
export const LIVE_REFRESH_DELAY_MS = 300;
/** While events keep coming, a view reloads at most this often (issue 51: twenty consoles at the soak's rate). */
export const LIVE_REFRESH_INTERVAL_MS = 2000;

/** The part of `document` a live view reads (here, and the quote hub's WATCH set): a hidden tab does not follow. */
export interface PageVisibility {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** This browser tab (none outside a browser). */
export const browserPage: PageVisibility | undefined = typeof document === 'undefined' ? undefined : document;

/**
 * A throttle with a trailing call that never starves: after an event, `run` is called `delay` ms later — or, when it
 * ran less than `interval` ms before, as soon as `interval` has passed — so a steady stream of events runs it once
 * every `interval` and once more at most `interval` after the last event. While the page is hidden nothing runs; what
 * arrived meanwhile is caught up once when it is shown again.
 */
export function liveThrottle(
  run: () => void,
  opts: { delay?: number; interval?: number; page?: PageVisibility; now?: () => number } = {},
): { poke: () => void; dispose: () => void } {
  const delay = opts.delay ?? LIVE_REFRESH_DELAY_MS;
  const interval = opts.interval ?? LIVE_REFRESH_INTERVAL_MS;
  const now = opts.now ?? Date.now;
  const page = opts.page;
  let dirty = false;
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hidden = () => !!page && page.visibilityState !== 'visible';
  const fire = () => {
    timer = undefined;
    if (!dirty || hidden()) return;
    dirty = false;
    last = now();
    run();
  };
  const schedule = () => {
    if (timer !== undefined || hidden()) return;
    timer = setTimeout(fire, Math.max(delay, last + interval - now()));
  };
  const poke = () => {
    dirty = true;
    schedule();
  };
  const onVisibility = () => {
    if (dirty) schedule();
  };
  page?.addEventListener('visibilitychange', onVisibility);
  return {
    poke,
    dispose: () => {
      clearTimeout(timer);
      page?.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
