import { marketApi } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of the market domain. */
export const marketCalls = {
  /** The feed's state for the status line; silent: a page works without it. */
  status: () => call(marketApi.status, undefined, { silent: true }),
};
