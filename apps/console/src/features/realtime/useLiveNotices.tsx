import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { SysConfig } from '@stock-admin/contracts';
import i18n, { currentLang } from '../../lib/i18n';
import { getToken } from '../../lib/auth';
import { badges } from '../../lib/badges';
import { createAnnouncer, publishAnnouncement, type Announcer } from '../../lib/announce';
import { feedback } from '../../lib/feedback';
import { request, sessionEndShownElsewhere } from '../../lib/request';
import { signOut } from '../../lib/session';
import { SocketClient, socketUrl, type SocketCtor, type SocketMode, type Timers } from '../../lib/socket';
import { socketBus, type SocketBus } from '../../lib/socketBus';
import { play } from '../../lib/sound';
import { getStoredUserId } from '../../lib/storage';
import { browserPage, liveThrottle, type PageVisibility } from '../../lib/liveThrottle';
import { REFRESH_PARAM } from '../../lib/tabs';
import { effectsOf, type Effect } from './effects';
import { loadCounts } from '../../app/session';

/** Seams for tests: where "go to login" leads, the socket constructor, the timers. */
export const liveEnv: {
  goToLogin: () => void;
  WebSocket: SocketCtor | undefined;
  timers: Timers | undefined;
  location: () => Pick<Location, 'protocol' | 'host' | 'hostname'>;
  /** The header counters from the server (app/session.ts). */
  loadCounts: () => Promise<void>;
  /** Where features send and receive their own frames (lib/socketBus.ts). */
  bus: SocketBus;
  /** Whether the tab is shown: a hidden one asks for no counters until it is shown again. */
  page: () => PageVisibility | undefined;
} = {
  goToLogin: () => {
    window.location.hash = '#/user/login';
  },
  WebSocket: (globalThis as { WebSocket?: SocketCtor }).WebSocket,
  timers: undefined,
  location: () => window.location,
  loadCounts,
  bus: socketBus,
  page: () => browserPage,
};

/** Expires every cookie the page can see (on this path and on `/`). */
export function clearAllCookies(doc: Pick<Document, 'cookie'> = document): void {
  const names = doc.cookie
    .split(';')
    .map((c) => c.split('=')[0]!.trim())
    .filter(Boolean);
  for (const name of names) {
    doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
    doc.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

export interface LiveContext {
  navigate: (path: string) => void;
  /** Called once when the session is ended elsewhere (the socket must not reconnect). */
  onKickout?: () => void;
}

const t = (key: string, params?: Record<string, string>) => i18n.t(key, params);

/**
 * The counters are asked for again after settled requests as a list reloads (lib/liveThrottle): a burst (a batch
 * review) once, a steady stream at most every 2 s (issue 51: each open console asked up to three times a second), a
 * hidden tab not until it is shown.
 */
let recounts: ReturnType<typeof liveThrottle> | undefined;
function recount(): void {
  recounts ??= liveThrottle(() => void liveEnv.loadCounts(), { page: liveEnv.page() });
  recounts.poke();
}
let kickoutShown = false;

/** The notices read out by the polite live region, a burst as one summary (lib/announce.ts). */
let announcer: Announcer | undefined;
function announce(title: string, full: string): void {
  announcer ??= createAnnouncer({
    publish: publishAnnouncement,
    summary: (total, counts) =>
      i18n.t('realtime.announceMany', {
        count: total,
        list: counts.map(([title, n]) => (n > 1 ? `${title} ×${n}` : title)).join(t('realtime.announceSep')),
      }),
  });
  announcer.say(title, full);
}

/** Carries out the effects of one event (counters, sound, notices, the kick-out dialog). */
export function applyEffects(effects: Effect[], c: LiveContext): void {
  for (const e of effects) {
    if (e.kind === 'bump') badges.bump(e.key);
    else if (e.kind === 'recount') recount();
    else if (e.kind === 'sound') play(e.name);
    else if (e.kind === 'notice') {
      const open = () => {
        const sep = e.link.includes('?') ? '&' : '?';
        c.navigate(`${e.link}${sep}${REFRESH_PARAM}=${Date.now()}`);
      };
      const title = t(`realtime.${e.titleKey}`);
      announce(title, t('realtime.announceOne', { title, desc: t(`realtime.${e.descKey}`, e.params) }));
      feedback.notification[e.level]({
        message: t(`realtime.${e.titleKey}`),
        description: (
          <span data-testid="live-notice">
            {t(`realtime.${e.descKey}`, e.params)}{' '}
            <a role="link" onClick={open}>
              {t('realtime.view')}
            </a>
          </span>
        ),
        duration: e.persistent ? 0 : undefined,
        ...(e.key ? { key: e.key } : {}),
      });
    } else if (e.kind === 'kickout') {
      c.onKickout?.();
      sessionEndShownElsewhere();
      if (kickoutShown) continue;
      kickoutShown = true;
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        clearAllCookies();
        signOut();
        liveEnv.goToLogin();
        kickoutShown = false;
      };
      feedback.modal.confirm({ title: t('realtime.kickoutTitle'), content: t('realtime.kickout'), onOk: leave, onCancel: leave });
    }
  }
}

/** Test seam: forget that the kick-out dialog is showing, and the counters' throttle (its page). */
export function resetLiveNotices(): void {
  kickoutShown = false;
  announcer?.dispose();
  announcer = undefined;
  recounts?.dispose();
  recounts = undefined;
}

export interface SocketSettings {
  mode: SocketMode;
  /** The server's heartbeat period (its idle limit is twice that); 30 s unless the server says otherwise. */
  heartbeatMs?: number;
}

/**
 * The socket of the signed-in console, wired to the effects and to the features' bus (every open
 * tells the bus, so features send their subscriptions again; frames a feature handles skip the
 * effects). Call `start()` on it.
 */
export function createLiveSocket(settings: SocketMode | SocketSettings, c: LiveContext): SocketClient {
  const { mode, heartbeatMs } = typeof settings === 'string' ? { mode: settings, heartbeatMs: undefined } : settings;
  const bus = liveEnv.bus;
  let client: SocketClient | null = null;
  client = new SocketClient({
    url: () => {
      const token = getToken();
      const adminId = getStoredUserId();
      return token && adminId ? socketUrl({ mode, location: liveEnv.location(), adminId, token, lang: currentLang() }) : null;
    },
    WebSocket: liveEnv.WebSocket,
    ...(liveEnv.timers ? { timers: liveEnv.timers } : {}),
    ...(heartbeatMs ? { heartbeatMs } : {}),
    onState: (s) => (s === 'open' ? bus.opened((m) => client?.send(m) ?? false) : bus.closed()),
    onMessage: (msg) => {
      if (bus.dispatch(msg)) return;
      // the lists follow the event even if showing its notice failed (a notice is a courtesy, a stale list is wrong)
      try {
        applyEffects(effectsOf(msg, currentLang()), {
          ...c,
          onKickout: () => {
            client?.stop();
            c.onKickout?.();
          },
        });
      } finally {
        bus.event(msg);
      }
    },
    onInvalid: () => feedback.message.error(t('realtime.invalidMessage')),
    onUnsupported: () => feedback.message.error(t('realtime.unsupported')),
  });
  return client;
}

/**
 * The server's socket settings from the public site configuration: `SOCKET_MODE` (same-origin unless
 * the server says spec-ports) and the heartbeat period (used only within 1 s – 10 min).
 */
export async function loadSocketSettings(): Promise<SocketSettings> {
  try {
    const env = await request<SysConfig>('/api/config/querySysConfig', { method: 'GET', silent: true });
    const s = env.data?.socket;
    const hb = Number(s?.heartbeatMs);
    return {
      mode: s?.mode === 'spec-ports' ? 'spec-ports' : 'same-origin',
      ...(Number.isInteger(hb) && hb >= 1000 && hb <= 600_000 ? { heartbeatMs: hb } : {}),
    };
  } catch {
    return { mode: 'same-origin' };
  }
}

/**
 * Live notices for the signed-in shell (mounted once in layouts/LiveNoticesMount.tsx): connects the
 * socket after load when a token and a stored admin id exist, and applies each event's effects.
 */
export function useLiveNotices(): void {
  const navigate = useNavigate();
  const nav = useRef(navigate);
  nav.current = navigate;
  useEffect(() => {
    let client: SocketClient | null = null;
    let cancelled = false;
    void loadSocketSettings().then((settings) => {
      if (cancelled) return;
      client = createLiveSocket(settings, { navigate: (p) => nav.current(p) });
      client.start();
    });
    return () => {
      cancelled = true;
      client?.stop();
    };
  }, []);
}
