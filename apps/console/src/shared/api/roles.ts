import { rolesApi, type InputOf } from '@stock-admin/contracts';
import { call, type CallOptions } from '../../lib/request';

/** Typed calls of the role editor (features/roles); 管理列表 picks its roles with `all`. */
export const roleCalls = {
  list: (q: InputOf<typeof rolesApi.list>, opts?: CallOptions) => call(rolesApi.list, q, opts),
  /** Every role, for pickers and filters (there are few). */
  all: (opts?: CallOptions) => call(rolesApi.list, { pageNum: 1, pageSize: 1000 }, opts),
  permissions: () => call(rolesApi.permissions),
  /** Grants go as JSON: the server also accepts them packed in a form field, JSON keeps arrays as arrays. */
  add: (q: InputOf<typeof rolesApi.add>) => call(rolesApi.add, q, { dataType: 'json' }),
  update: (q: InputOf<typeof rolesApi.update>) => call(rolesApi.update, q, { dataType: 'json' }),
  del: (id: number) => call(rolesApi.del, { id }),
};
