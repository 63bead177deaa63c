import { adminsApi, agentsApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of 管理列表 (admin accounts). */
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

/** Agent picker (the agent role's bound agent): by name, silently empty when the role may not list agents. */
export const agentPicker = (name: string | undefined) =>
  call(agentsApi.list, { pageNum: 1, pageSize: 50, name: name || undefined }, { silent: true }).then(
    (d) => d.list,
    () => [],
  );
