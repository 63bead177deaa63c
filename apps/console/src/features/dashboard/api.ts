import { dashboardApi, logsApi, productsApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** The signed-in admin's own sign-ins (the login log filtered by username). */
export const myLogins = (username: string, page: { pageNum: number; pageSize: number }) => call(logsApi.loginList, { ...page, username });

/** Typed calls of the dashboard. */
export const dashboardCalls = {
  workplace: () => call(dashboardApi.workplace, undefined, { silent: true }),
  analysis: (q: InputOf<typeof dashboardApi.analysis>) => call(dashboardApi.analysis, q),
  /** The market strip (spec §7 getMarket.do); silent: the workplace works without it. */
  market: () => call(productsApi.market, undefined, { silent: true }),
};
