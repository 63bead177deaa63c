import type { CloseAccount } from '@stock-admin/contracts';
import { fundTypeLabel } from '../../shared/userLabels';

/** A movement kind's name: the ledger's record type, or the statement's own (`spread`). */
export const kindLabel = (kind: string, lang: string, t: (k: string) => string) =>
  kind === 'spread' ? t('close.kind.spread') : fundTypeLabel(kind, lang);

export const accountLabel = (a: CloseAccount, t: (k: string) => string) => t(`close.account.${a}`);
