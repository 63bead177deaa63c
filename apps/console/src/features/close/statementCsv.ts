import type { CloseStatement } from '@stock-admin/contracts';
import { saveCsvText } from '../../lib/download';
import { toCsv } from '../../shared/csv';
import { accountLabel, kindLabel } from './kinds';

/** The statement as CSV (UTF-8 with BOM, so that Excel reads the Chinese): accounts, movements, house result. */
export function statementCsv(s: CloseStatement, t: (k: string, o?: Record<string, unknown>) => string, lang: string): void {
  const lines: (string | number)[][] = [
    [],
    [t('close.col.account'), t('close.col.opening'), t('close.col.closing'), t('close.col.ledger')],
    ...s.accounts.map((a) => [accountLabel(a.account, t), a.opening, a.closing, a.ledger]),
    [],
    [t('close.col.account'), t('close.col.kind'), t('close.col.channel'), t('close.col.count'), t('close.col.amount')],
    ...s.movements.map((m) => [
      accountLabel(m.account, t),
      kindLabel(m.kind, lang, t),
      m.channelId === undefined ? '' : (m.channelName ?? t('close.noChannel')),
      m.count,
      m.amount,
    ]),
    [],
    [t('close.house')],
    ...(
      [
        ['houseDay', s.house.day],
        ['monthToDate', s.house.monthToDate],
        ['fees', s.house.fees],
        ['spreads', s.house.spreads],
        ['deferralFees', s.house.deferralFees],
        ['withdrawalFees', s.house.withdrawalFees],
        ['tradingResult', s.house.tradingResult],
        ['sellFees', s.house.sellFees],
        ['stampDuty', s.house.stampDuty],
        ['commissions', s.house.commissions],
      ] as const
    ).map(([k, v]) => [t(`close.${k}`), v]),
  ];
  saveCsvText(
    `daily-close-${s.day}.csv`,
    toCsv([t('close.title', { day: s.day }), t(`close.status.${s.status}`), t('close.asOf', { time: s.asOf })], lines),
  );
}
