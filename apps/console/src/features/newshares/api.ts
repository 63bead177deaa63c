import { newsharesApi, type InputOf, type IssueKind } from '@stock-admin/contracts';
import { call, upload } from '../../lib/request';

type Q<E> = InputOf<E>;
const issueApi = (kind: IssueKind) => (kind === 'bond' ? newsharesApi.bonds : newsharesApi.shares);
/** A CSV of 100,000 lines is a few megabytes: its upload and judging may take longer than a normal call. */
const BATCH_TIMEOUT_MS = 120_000;

/** Typed calls of 新股 / 新债 (permission `newshares`). Failures are shown by the request client. */
export const newsharesCalls = {
  issues: (kind: IssueKind, q: Q<typeof newsharesApi.shares.list>) => call(issueApi(kind).list, q),
  add: (kind: IssueKind, q: Q<typeof newsharesApi.shares.add>) => call(issueApi(kind).add, q),
  update: (kind: IssueKind, q: Q<typeof newsharesApi.shares.update>) => call(issueApi(kind).update, q),
  remove: (kind: IssueKind, id: number) => call(issueApi(kind).delete, { id }),
  show: (kind: IssueKind, id: number, shown: boolean) => call(issueApi(kind).updateShow, { id, shown }),
  lock: (kind: IssueKind, id: number, locked: boolean) => call(issueApi(kind).updateLock, { id, locked }),
  records: (q: Q<typeof newsharesApi.records>) => call(newsharesApi.records, q),
  allot: (id: number, quantity: number) => call(newsharesApi.allot, { id, quantity }),
  notAllot: (id: number) => call(newsharesApi.notAllot, { id }),
  pay: (id: number) => call(newsharesApi.pay, { id }),
  convert: (id: number) => call(newsharesApi.convert, { id }),
  batchConvert: (ids: number[]) => call(newsharesApi.batchConvert, { ids }),
  addRecord: (q: Q<typeof newsharesApi.addRecord>) => call(newsharesApi.addRecord, q),
  deleteRecord: (id: number) => call(newsharesApi.deleteRecord, { id }),
  batchAllot: (issueId: number, file: File, onProgress: (percent: number) => void) =>
    upload(
      newsharesApi.batchAllot,
      { issueId, file },
      {
        onUploadProgress: onProgress,
        timeout: BATCH_TIMEOUT_MS,
      },
    ),
};
