import { useEffect, useRef } from 'react';
import type { RoutedEventType } from '@stock-admin/contracts/live-events';
import { socketBus } from '../../lib/socketBus';

/** Events of a burst (a batch review settles many records at once) refresh a list once, this long after the first. */
export const LIVE_REFRESH_DELAY_MS = 300;
/** While events keep coming, a list reloads at most this often (issue 51: twenty consoles at the soak's rate). */
export const LIVE_REFRESH_INTERVAL_MS = 2000;

/** The part of `document` the refresh reads: a hidden browser tab does not reload. */
export interface PageVisibility {
  readonly visibilityState: string;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

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

/**
 * Calls `refresh` when one of `events` arrives on the console's socket — anyone's action (another operator's
 * approval, a user's new request, the force-close job) — through `liveThrottle`, and after the socket reconnects. The
 * list keeps its page and filters: `refresh` is the table's `reload`, not a reset.
 */
export function useLiveRefresh(
  events: readonly RoutedEventType[] | undefined,
  refresh: () => void,
  page: PageVisibility | undefined = typeof document === 'undefined' ? undefined : document,
) {
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = events?.join(',') ?? '';
  useEffect(() => {
    if (!key) return;
    const wanted = new Set(key.split(','));
    const throttle = liveThrottle(() => latest.current(), { page });
    const offEvent = socketBus.onEvent((msg) => {
      const type = msg.type ?? msg.msgType;
      if (type && wanted.has(type)) throttle.poke();
    });
    // events sent while the link was down are not replayed: a reconnect refreshes the list once
    let dropped = false;
    const offClose = socketBus.onClose(() => (dropped = true));
    const offOpen = socketBus.onOpen(() => {
      if (!dropped) return;
      dropped = false;
      throttle.poke();
    });
    return () => {
      offEvent();
      offClose();
      offOpen();
      throttle.dispose();
    };
  }, [key, page]);
}
