import { useCallback, useState } from 'react';
import { useNavigate, useNavigationType, type Location } from 'react-router';
import { feedback } from '../lib/feedback';
import i18n from '../lib/i18n';
import { cachedTabs, closeAll, closeLeft, closeRight, closeTab, openTab, tabKeyOf, type TabChange } from '../lib/tabs';
import type { PageRoute, SectionRoute } from '../app/routes';
import type { MatchedRoute } from '../lib/routing';

/** Keep-alive pages kept mounted at most (the least recently used beyond this are dropped). */
export const KEEP_ALIVE_CAP = 8;

export interface OpenTab {
  /** Stable identity of this opening (React key): a closed and reopened page gets a new one. */
  id: string;
  /** Full path without the refresh parameter. */
  key: string;
  location: Location;
  route: PageRoute;
  section?: SectionRoute;
}

interface State {
  tabs: OpenTab[];
  /** Tab ids, least recently active first. */
  recent: string[];
  seen: string;
  activeId: string;
}

let seq = 0;
const newId = () => `tab-${++seq}`;

export type TabAction = 'close' | 'closeLeft' | 'closeRight' | 'closeAll';

/**
 * The open tabs of the shell, derived from navigation: each location opens (or focuses) the tab of its
 * full path. A `replace` navigation within the same page (e.g. filters written to the URL) re-keys the
 * active tab instead of opening another one. With multi-tab off only the current page is kept.
 */
export function useTabs(match: MatchedRoute<PageRoute['component']> | null, location: Location, multiTab: boolean) {
  const navigate = useNavigate();
  const navType = useNavigationType();
  const [state, setState] = useState<State>({ tabs: [], recent: [], seen: '', activeId: '' });

  // location.key alone is not enough: hash changes typed in the address bar all carry the key "default".
  const seenKey = `${location.key}|${location.pathname}${location.search}|${multiTab}`;
  let current = state;
  if (match && state.seen !== seenKey) {
    const route = match.page as PageRoute;
    const section = match.section as SectionRoute | undefined;
    const key = tabKeyOf(location.pathname, location.search);
    let tabs = state.tabs;
    const active = tabs.find((t) => t.id === state.activeId);
    let id: string;
    const existing = tabs.find((t) => t.key === key);
    if (existing) {
      id = existing.id;
      tabs = openTab(tabs, { ...existing, location });
    } else if (navType === 'REPLACE' && active && active.route === route) {
      id = active.id;
      tabs = tabs.map((t) => (t.id === id ? { ...t, key, location } : t));
    } else {
      id = newId();
      tabs = openTab(tabs, { id, key, location, route, section });
    }
    if (!multiTab) tabs = tabs.filter((t) => t.id === id);
    // a guard's page (404 / 403) leaves the bar as soon as another page is shown
    else tabs = tabs.filter((t) => t.id === id || !t.route.transient);
    const ids = new Set(tabs.map((t) => t.id));
    const recent = [...state.recent.filter((r) => r !== id && ids.has(r)), id];
    current = { tabs, recent, seen: seenKey, activeId: id };
    setState(current);
  }

  const apply = useCallback(
    (change: TabChange<OpenTab>) => {
      if (change.notice) {
        feedback.message.info(i18n.t(`tabs.${change.notice}`));
        return;
      }
      setState((s) => {
        const ids = new Set(change.tabs.map((t) => t.id));
        return { ...s, tabs: change.tabs, recent: s.recent.filter((r) => ids.has(r)) };
      });
      if (change.navigate) navigate(change.navigate);
    },
    [navigate],
  );

  const activeKey = current.tabs.find((t) => t.id === current.activeId)?.key;

  const act = useCallback(
    (action: TabAction, key: string) => {
      const tabs = current.tabs;
      if (action === 'close') apply(closeTab(tabs, key, activeKey));
      else if (action === 'closeLeft') apply(closeLeft(tabs, key, activeKey));
      else if (action === 'closeRight') apply(closeRight(tabs, key, activeKey));
      else apply(closeAll(tabs, activeKey));
    },
    [current.tabs, activeKey, apply],
  );

  const byId = new Map(current.tabs.map((t) => [t.id, t]));
  const cached = cachedTabs(current.recent, (id) => !!byId.get(id)?.route.keepAlive, current.activeId, KEEP_ALIVE_CAP);

  const active = current.tabs.find((t) => t.id === current.activeId);
  // the bar leaves out a guard's page (404 / 403); the shell still shows it while it is current
  return {
    tabs: current.tabs,
    barTabs: current.tabs.filter((t) => !t.route.transient),
    activeId: current.activeId,
    active,
    activeKey,
    cached,
    act,
  };
}
