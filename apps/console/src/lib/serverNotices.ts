import i18n from './i18n';
import { feedback } from './feedback';
import { requestEnv } from './transport';

const t = (key: string) => i18n.t(key);

/** How often the console asks whether the server can serve again, while it cannot. */
export const UNAVAILABLE_POLL_MS = 3000;
/** The server's readiness check: its body says whether the database answers (Redis down does not stop the calls). */
const READY_PATH = '/readyz';

const backListeners = new Set<() => void>();
let unavailableSince: number | null = null;
let pollTimer: ReturnType<typeof setTimeout> | undefined;

/** Called once each time the server serves again after an outage (the shell re-runs the current page's queries). */
export function onServerBack(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}

export const serverUnavailable = (): boolean => unavailableSince !== null;

/**
 * The server answered "unavailable" (database down, restarting): one calm notice that stays until the
 * server answers again — not a message per failed call — and a check of `/readyz` every few seconds;
 * when it answers, the notice goes and the listeners re-run what the page shows.
 */
export function unavailable(msg: string): void {
  if (unavailableSince !== null) return;
  unavailableSince = Date.now();
  feedback.notification.warning({
    message: t('request.unavailableTitle'),
    description: msg || t('request.unavailableDesc'),
    key: 'server-unavailable',
    duration: 0,
  });
  const poll = () => {
    pollTimer = setTimeout(async () => {
      const up = await requestEnv
        .fetch(READY_PATH, { method: 'GET', credentials: 'same-origin' })
        .then(async (r) => r.ok || ((await r.json()) as { db?: string }).db === 'up')
        .catch(() => false);
      if (!up) return poll();
      unavailableSince = null;
      feedback.notification.destroy('server-unavailable');
      feedback.message.success(t('request.serverBack'));
      for (const l of [...backListeners]) l();
    }, UNAVAILABLE_POLL_MS);
  };
  poll();
}

/**
 * The console build this page runs (vite.config.ts, `__CONSOLE_BUILD__`: its build time). Every API answer names the
 * console the server now serves (`x-console-build`, from its dist/build.json): a newer one means a new version was
 * deployed under this page (a rolling upgrade, docs/operations.md) — one lasting notice asks for a reload, which
 * keeps the sign-in; the page goes on working meanwhile. An older one (an instance not yet replaced) says nothing.
 */
export const consoleBuild: { own: number | null } = {
  own: typeof __CONSOLE_BUILD__ === 'string' ? Number(__CONSOLE_BUILD__) : null,
};
let newVersionShown = false;
export function noticeBuild(header: string | null): void {
  if (newVersionShown || consoleBuild.own == null || !header || !(Number(header) > consoleBuild.own)) return;
  newVersionShown = true;
  feedback.notification.info({
    message: t('request.newVersionTitle'),
    description: t('request.newVersionDesc'),
    key: 'new-version',
    duration: 0,
    onClick: () => requestEnv.reload(),
    style: { cursor: 'pointer' },
  });
}

/** Test helper: forget an outage in progress. */
export function resetUnavailable(): void {
  clearTimeout(pollTimer);
  unavailableSince = null;
  newVersionShown = false;
}
