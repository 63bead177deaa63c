import { agentsApi, channelsApi, productsApi, usersApi } from '@stock-admin/contracts';
import { call, type CallOptions } from '../../lib/request';

/**
 * What the pickers of several domains read (shared/components/Pickers.tsx, AccountPickers.tsx, StockPicker.tsx):
 * agents by name, layering tiers, channels (all, or those usable for payouts), real users by phone, stocks.
 * Silent where the role may not read them (the picker then stays empty or falls back to typing an id).
 */
export const pickerCalls = {
  agents: (name: string | undefined) => call(agentsApi.list, { pageNum: 1, pageSize: 50, name: name || undefined }, { silent: true }),
  tiers: () => call(channelsApi.layering, { pageNum: 1, pageSize: 1000 }, { silent: true }),
  channels: (opts?: CallOptions) => call(channelsApi.list, { pageNum: 1, pageSize: 1000 }, opts),
  payoutChannels: () => call(channelsApi.withdrawals, { pageNum: 1, pageSize: 1000 }),
  users: (phone: string | undefined) =>
    call(usersApi.list, { pageNum: 1, pageSize: 20, phone: phone || undefined, accountType: 0 }, { silent: true }),
  /** Stocks by code, name or pinyin initials (needs `shares` query; silent: the picker falls back to typing a gid). */
  stocks: (q: { code?: string; name?: string; pinyin?: string }) =>
    call(productsApi.stockList, { pageNum: 1, pageSize: 20, ...q }, { silent: true }),
};
