import { agreementsApi, type InputOf } from '@stock-admin/contracts';
import { call, upload } from '../../lib/request';

type Q<E> = InputOf<E>;
const api = agreementsApi;

/** Typed calls of contracts (permission `contract`). Failures are shown by the request client. */
export const agreementCalls = {
  templates: (q: Q<typeof api.templates>) => call(api.templates, q),
  addTemplate: (q: Q<typeof api.addTemplate>) => call(api.addTemplate, q, { dataType: 'json' }),
  updateTemplate: (q: Q<typeof api.updateTemplate>) => call(api.updateTemplate, q, { dataType: 'json' }),
  setEnabled: (id: number, enabled: boolean) => call(api.templateStatus, { id, enabled }),
  setDefault: (id: number) => call(api.templateDefault, { id }),
  removeTemplate: (id: number) => call(api.deleteTemplate, { id }),
  uploadImage: (file: File) => upload(api.imageUpload, { file }, { timeout: 60_000 }),
  preview: (q: Q<typeof api.preview>) => call(api.preview, q, { dataType: 'json', silent: true }),
  assignments: (q: Q<typeof api.assignments>) => call(api.assignments, q),
  users: (q: Q<typeof api.users>) => call(api.users, q),
  signed: (q: Q<typeof api.signed>) => call(api.signed, q),
  detail: (id: number) => call(api.detail, { id }),
  review: (q: Q<typeof api.review>) => call(api.review, q),
  assign: (q: Q<typeof api.assign>) => call(api.assign, q, { dataType: 'json' }),
  push: (q: Q<typeof api.push>) => call(api.push, q, { dataType: 'json' }),
  remove: (id: number) => call(api.removeAssignment, { id }),
};
