import { adminsApi, agentsApi, rolesApi, type InputOf } from '@stock-admin/contracts';
import { call, type CallOptions } from '../../lib/request';

/** Typed calls of 管理列表 (admin accounts) and the role editor. */
export const adminCalls = {
  list: (q: InputOf<typeof adminsApi.list>) => call(adminsApi.list, q),
  add: (q: InputOf<typeof adminsApi.add>) => call(adminsApi.add, q),
  update: (q: InputOf<typeof adminsApi.update>) => call(adminsApi.update, q),
  updateLock: (q: InputOf<typeof adminsApi.updateLock>) => call(adminsApi.updateLock, q),
  del: (id: number) => call(adminsApi.del, { id }),
  getGoogle: (id: number) => call(adminsApi.getGoogle, { id }),
  updateGoogle: (q: InputOf<typeof adminsApi.updateGoogle>) => call(adminsApi.updateGoogle, q),
  offline: (id: number) => call(adminsApi.offline, { id }),
  unlockSignIn: (id: number) => call(adminsApi.unlockSignIn, { id }),
  updateChat: (q: InputOf<typeof adminsApi.updateChat>) => call(adminsApi.updateChat, q),
  activate: (q: InputOf<typeof adminsApi.activate>) => call(adminsApi.activate, q),
};

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

/** Agent picker (the agent role's bound agent): by name, silently empty when the role may not list agents. */
export const agentPicker = (name: string | undefined) =>
  call(agentsApi.list, { pageNum: 1, pageSize: 50, name: name || undefined }, { silent: true }).then(
    (d) => d.list,
    () => [],
  );
