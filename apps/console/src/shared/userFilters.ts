import dayjs from 'dayjs';

/**
 * ProTable search-form values → list / export payloads of the users and fund-record endpoints.
 * Empty values are left out; ids and enum codes become numbers; time ranges become ISO instants (the
 * operator's zone, as the picker showed them).
 */

export type Params = Record<string, unknown> & { current?: number; pageSize?: number };
export type Sort = Record<string, 'ascend' | 'descend' | null | undefined>;

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A picker value (dayjs, Date, text) → ISO instant; undefined when empty or unreadable. */
export function toIso(v: unknown): string | undefined {
  if (isEmpty(v)) return undefined;
  const d = dayjs(v as string);
  return d.isValid() ? d.toISOString() : undefined;
}

const text = (v: unknown) => (isEmpty(v) ? undefined : String(v).trim());
const int = (v: unknown) => {
  if (isEmpty(v)) return undefined;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/** The lock-state filter's choices. */
export const LOCK_FILTERS = ['loginLocked', 'tradeLocked', 'unlocked'] as const;
export type LockFilter = (typeof LOCK_FILTERS)[number];

const USER_SORT: Record<string, string> = {
  id: 'id',
  regTime: 'regTime',
  userAmt: 'userAmt',
  enableAmt: 'enableAmt',
  frozenAmt: 'frozenAmt',
  lastLoginAt: 'lastLoginAt',
};

function drop<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** User-list filters (list and export): the search form (and the table's sort) → `userFilters`. */
export function userFilters(params: Params, sort: Sort = {}): Record<string, unknown> {
  const lock = params.lockState as LockFilter | undefined;
  const [from, to] = Array.isArray(params.regRange) ? params.regRange : [];
  const sortKey = Object.keys(sort).find((k) => sort[k] && USER_SORT[k]);
  return drop({
    phone: text(params.phone),
    realName: text(params.realName),
    agentId: int(params.agentId) || undefined,
    includeSubAgents: int(params.agentId) ? (params.includeSubAgents === false ? undefined : true) : undefined,
    accountType: int(params.accountType),
    realState: int(params.realState),
    loginLocked: lock === 'loginLocked' ? true : lock === 'unlocked' ? false : undefined,
    tradeLocked: lock === 'tradeLocked' ? true : lock === 'unlocked' ? false : undefined,
    online:
      params.online === 'true' || params.online === true ? true : params.online === 'false' || params.online === false ? false : undefined,
    regBeginTime: toIso(from),
    regEndTime: toIso(to),
    layeringId: int(params.layeringId),
    sortField: sortKey ? USER_SORT[sortKey] : undefined,
    sortOrder: sortKey ? (sort[sortKey] === 'ascend' ? 'asc' : 'desc') : undefined,
  });
}

/** Fund-record filters (list, totals and export): the search form → `fundFilters`. */
export function fundFilters(params: Params): Record<string, unknown> {
  const [from, to] = Array.isArray(params.timeRange) ? params.timeRange : [];
  const types = Array.isArray(params.type)
    ? (params.type as unknown[]).map(String).filter(Boolean)
    : text(params.type)
      ? [String(params.type)]
      : [];
  const user = text(params.user);
  // The user box takes a user id (up to 10 digits) or a phone (11 digits; the server checks the format).
  const byId = !!user && /^\d{1,10}$/.test(user);
  const phone = user && !byId ? user : undefined;
  const userId = byId ? Number(user) : int(params.userId);
  return drop({
    userId: userId || undefined,
    phone,
    type: types.length ? types.join(',') : undefined,
    owner: text(params.owner),
    agentId: int(params.agentId) || undefined,
    accountType: int(params.accountType),
    reference: text(params.reference),
    beginTime: toIso(from),
    endTime: toIso(to),
  });
}
