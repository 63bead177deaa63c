import type { IssueKind } from '@stock-admin/contracts';

/** The subscription records page of a kind, opened on one issue when given. */
export const recordsPath = (kind: IssueKind, issueId?: number) =>
  `/newshares/${kind === 'bond' ? 'newzhairecord' : 'newsharesrecord'}${issueId ? `?issueId=${issueId}` : ''}`;

/** Issue prices are kept to four decimals; shown to two (a bond's is 100.00). */
export const issuePrice = (v: string) => Number(v).toFixed(2);
