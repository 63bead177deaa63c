import { messagingApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

type Q<E> = InputOf<E>;
const api = messagingApi;

/** Typed calls of message templates and sends (permission `push`). Failures are shown by the request client. */
export const messageCalls = {
  templates: (q: Q<typeof api.templates>) => call(api.templates, q),
  users: (q: Q<typeof api.users>) => call(api.users, q),
  add: (q: Q<typeof api.add>) => call(api.add, q, { dataType: 'json' }),
  update: (q: Q<typeof api.update>) => call(api.update, q, { dataType: 'json' }),
  remove: (id: number) => call(api.delete, { id }),
  batchRemove: (ids: number[]) => call(api.batchDelete, { ids }),
  send: (q: Q<typeof api.send>) => call(api.send, q, { dataType: 'json' }),
  preview: (q: Q<typeof api.preview>) => call(api.preview, q, { dataType: 'json', silent: true }),
  sends: (q: Q<typeof api.sends>) => call(api.sends, q),
  send1: (id: number) => call(api.sendDetail, { id }),
  deliveries: (q: Q<typeof api.deliveries>) => call(api.deliveries, q),
  retry: (id: number) => call(api.retry, { id }),
  cancel: (id: number) => call(api.cancel, { id }),
};
