import { useEffect } from 'react';
import { adminsApi } from '@stock-admin/contracts';
import { call } from '../lib/request';
import { useUserInfo } from '../lib/session';
import { createStore, useStore } from '../lib/store';

/**
 * The header's display name (spec §3 Admin record): read from the admin list record whose `adminUtopia`
 * equals the signed-in login; a default name when none matches. `/admin/system/current.do` answers the
 * list shape for every role (the full 管理列表 needs a permission most roles lack).
 */
export interface AdminRecordLite {
  adminUtopia: string;
  adminName: string;
  avatar?: string;
}

/** The record matching `login`, or null (spec: "a default is used when none matches"). */
export function pickOwnRecord<R extends AdminRecordLite>(list: readonly R[] | undefined, login: string | undefined): R | null {
  if (!list || !login) return null;
  return list.find((r) => r.adminUtopia === login) ?? null;
}

interface State {
  /** The login the record was read for. */
  login: string | null;
  record: AdminRecordLite | null;
  /** true once current.do answered (or failed) for `login`. */
  loaded: boolean;
}

const store = createStore<State>({ login: null, record: null, loaded: false });
let inflight: { login: string; p: Promise<void> } | null = null;

/** (Re)reads the signed-in admin's record; call after the name or avatar changed. */
export function refreshCurrentAdmin(login: string): Promise<void> {
  if (inflight?.login === login) return inflight.p;
  const p = call(adminsApi.current, undefined, { silent: true })
    .then(
      (d) => store.set({ login, record: pickOwnRecord(d.list, login), loaded: true }),
      () => store.set({ login, record: null, loaded: true }),
    )
    .finally(() => {
      inflight = null;
    });
  inflight = { login, p };
  return p;
}

/** The admin's display name and avatar for the header; `fallback` when no record matches. */
export function useCurrentAdmin(fallback: string): { name: string; avatar: string | undefined; loaded: boolean } {
  const info = useUserInfo();
  const s = useStore(store);
  const login = info?.username;
  useEffect(() => {
    if (login && s.login !== login) void refreshCurrentAdmin(login);
  }, [login, s.login]);
  const fresh = !!login && s.login === login;
  const record = fresh ? s.record : null;
  const loaded = fresh && s.loaded;
  return {
    // Until current.do answers, the name from the session info avoids a flash of the default.
    name: loaded ? record?.adminName || fallback : info?.name || fallback,
    avatar: record?.avatar || info?.avatar || undefined,
    loaded,
  };
}
