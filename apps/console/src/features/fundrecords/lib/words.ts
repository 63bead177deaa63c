import type { TFunction } from 'i18next';

/**
 * The ledger's own words in the reader's language. The server writes references (`withdraw:22`,
 * `recharge:67`, trade numbers) and a few fixed notes ('cancelled', 'buy fee', the settlement's
 * "P/L …, fee …, stamp …") as stable tokens; what an operator typed (reasons, remarks) stays as written.
 */
const FIXED_NOTES: Record<string, string> = {
  cancelled: 'cancelled',
  'buy fee': 'buyFee',
  spread: 'spread',
  'buy fee commission': 'buyFeeCommission',
  'sell fee commission': 'sellFeeCommission',
  'deferral commission': 'deferralCommission',
};
const SETTLED = /^P\/L (-?\d+(?:\.\d+)?), fee (\d+(?:\.\d+)?), stamp (\d+(?:\.\d+)?)(?:, unpaid (\d+(?:\.\d+)?))?$/;

export function noteText(t: TFunction, note: string): string {
  const key = FIXED_NOTES[note];
  if (key) return t(`fundrecords.note.${key}`);
  const m = SETTLED.exec(note);
  if (m) {
    const text = t('fundrecords.note.settled', { pnl: m[1], fee: m[2], stamp: m[3] });
    return m[4] ? `${text}${t('fundrecords.note.unpaid', { amount: m[4] })}` : text;
  }
  return note;
}

const REFERENCE = /^(withdraw|recharge):(\d+)$/;

export function referenceText(t: TFunction, reference: string): string {
  const m = REFERENCE.exec(reference);
  return m ? t(`fundrecords.reference.${m[1]}`, { id: m[2] }) : reference;
}
