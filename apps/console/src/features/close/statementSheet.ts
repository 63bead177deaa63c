import type { CloseStatement } from '@stock-admin/contracts';
import { amount, type Sheet } from '../../shared/sheet';
import { accountLabel, kindLabel } from './kinds';

type T = (k: string, o?: Record<string, unknown>) => string;

/** A day's statement as the rows of its CSV and its workbook: accounts, movements, the house's result, the exposure. */
export function statementSheet(s: CloseStatement, t: T, lang: string): Sheet {
  const house = [
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
  ] as const;
  const e = s.exposure;
  return {
    name: `daily-close-${s.day}`,
    title: [t('close.title', { day: s.day }), t(`close.status.${s.status}`), t('close.asOf', { time: s.asOf })],
    rows: [
      [t('close.col.account'), t('close.col.opening'), t('close.col.closing'), t('close.col.ledger')],
      ...s.accounts.map((a) => [accountLabel(a.account, t), amount(a.opening), amount(a.closing), amount(a.ledger)]),
      [],
      [t('close.col.account'), t('close.col.kind'), t('close.col.channel'), t('close.col.count'), t('close.col.amount')],
      ...s.movements.map((m) => [
        accountLabel(m.account, t),
        kindLabel(m.kind, lang, t),
        m.channelId === undefined ? '' : (m.channelName ?? t('close.noChannel')),
        m.count,
        amount(m.amount),
      ]),
      [],
      [t('close.house')],
      ...house.map(([k, v]) => [t(`close.${k}`), amount(v)]),
      [],
      [t('close.exposure'), t('close.col.positions'), t('close.col.margin'), t('close.col.marketValue'), t('close.col.cost')],
      ...(
        [
          ['long', e.long],
          ['short', e.short],
        ] as const
      ).map(([k, v]) => [t(`close.${k}`), v.count, amount(v.margin), amount(v.marketValue), amount(v.cost)]),
      [],
      [
        t('close.topStocks'),
        t('close.col.name'),
        t('close.col.positions'),
        t('close.col.margin'),
        t('close.col.marketValue'),
        t('close.col.cost'),
      ],
      ...e.topStocks.map((x) => [x.code, x.name, x.count, amount(x.margin), amount(x.marketValue), amount(x.cost)]),
      [],
      [
        t('close.topUsers'),
        t('close.col.name'),
        t('close.col.positions'),
        t('close.col.margin'),
        t('close.col.marketValue'),
        t('close.col.cost'),
      ],
      ...e.topUsers.map((x) => [x.userId, x.name, x.count, amount(x.margin), amount(x.marketValue), amount(x.cost)]),
    ],
  };
}
