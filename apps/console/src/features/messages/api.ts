import { messagesApi, messageSendsApi, usersApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

type Q<E> = InputOf<E>;
const api = messageSendsApi;

/** Typed calls of message templates and sends (permission `push`). Failures are shown by the request client. */
export const messageCalls = {
  templates: (q: Q<typeof api.templates>) => call(api.templates, q),
  users: (q: Q<typeof api.users>) => call(api.users, q),
  add: (q: Q<typeof api.add>) => call(api.add, q, { dataType: 'json' }),
  update: (q: Q<typeof api.update>) => call(api.update, q, { dataType: 'json' }),
  delete: (id: number) => call(api.delete, { id }),
  batchRemove: (ids: number[]) => call(api.batchDelete, { ids }),
  audienceSize: (q: Q<typeof api.audienceSize>) => call(api.audienceSize, q, { dataType: 'json' }),
  send: (q: Q<typeof api.send>) => call(api.send, q, { dataType: 'json' }),
  preview: (q: Q<typeof api.preview>) => call(api.preview, q, { dataType: 'json', silent: true }),
  sends: (q: Q<typeof api.sends>) => call(api.sends, q),
  send1: (id: number) => call(api.sendDetail, { id }),
  deliveries: (q: Q<typeof api.deliveries>) => call(api.deliveries, q),
  retry: (id: number) => call(api.retry, { id }),
  cancel: (id: number) => call(api.cancel, { id }),
};

/** Station messages (站内消息, permission `stationmessage`). */
export const stationCalls = {
  list: (q: InputOf<typeof messagesApi.list>) => call(messagesApi.list, q),
  audienceSize: (q: InputOf<typeof messagesApi.audienceSize>) => call(messagesApi.audienceSize, q),
  send: (q: InputOf<typeof messagesApi.send>) => call(messagesApi.send, q),
  recipients: (q: InputOf<typeof messagesApi.recipients>) => call(messagesApi.recipients, q),
  withdraw: (id: number) => call(messagesApi.withdraw, { id }),
};

/** User picker (real and simulated users) by phone prefix; silently empty when the role may not list users. */
export const userPicker = (phone: string | undefined) =>
  call(usersApi.list, { pageNum: 1, pageSize: 20, phone: phone || undefined }, { silent: true }).then(
    (d) => d.list,
    () => [],
  );
