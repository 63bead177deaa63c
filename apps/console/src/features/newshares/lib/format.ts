import type { IssueKind } from '@stock-admin/contracts';
import { formatYuan } from '../../../shared/money';

/** The subscription records page of a kind, opened on one issue when given. */
export const recordsPath = (kind: IssueKind, issueId?: number) =>
  `/newshares/${kind === 'bond' ? 'newzhairecord' : 'newsharesrecord'}${issueId ? `?issueId=${issueId}` : ''}`;

/** Issue prices are kept to four decimals; shown to two with the sign (a bond's is ¥100.00), rounded on the text. */
export const issuePrice = (v: string) => formatYuan(v);
