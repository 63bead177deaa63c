import type { InputOf, PaySettings, paySettingApi } from '@stock-admin/contracts';

/** Pay-settings form values: amounts and the percentage as decimal strings, times as `HH:mm`. */
export interface PaySettingValues {
  minRecharge?: string | null;
  minWithdraw?: string | null;
  withdrawFeePercent?: string | null;
  withdrawFeeFixed?: string | null;
  withdrawStart?: string;
  withdrawEnd?: string;
  maxOpenRechargePerHour?: number | null;
}

export const TIME_START = /^([01]\d|2[0-3]):[0-5]\d$/;
/** The end of the window may be 24:00 (midnight). */
export const TIME_END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const PERCENT = /^\d{1,3}(\.\d{1,4})?$/;

/** 0–100 with up to 4 decimals, compared as text (no float). */
export function isPercent(v: string): boolean {
  const s = v.trim();
  if (!PERCENT.test(s)) return false;
  const [int = '0', frac = ''] = s.split('.');
  const n = Number.parseInt(int, 10); // the whole part only: an integer, safe
  return n < 100 || (n === 100 && /^0*$/.test(frac));
}

/** `"09:30"` → 570; `"24:00"` → 1440. */
export const minutesOf = (hhmm: string) => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number.parseInt(h, 10) * 60 + Number.parseInt(m, 10);
};

export function settingsToForm(s: PaySettings): PaySettingValues {
  return {
    minRecharge: s.minRecharge,
    minWithdraw: s.minWithdraw,
    withdrawFeePercent: s.withdrawFeePercent,
    withdrawFeeFixed: s.withdrawFeeFixed,
    withdrawStart: s.withdrawStart,
    withdrawEnd: s.withdrawEnd,
    maxOpenRechargePerHour: s.maxOpenRechargePerHour,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());

export function formToSettings(v: PaySettingValues): InputOf<typeof paySettingApi.update> {
  return {
    minRecharge: str(v.minRecharge),
    minWithdraw: str(v.minWithdraw),
    withdrawFeePercent: str(v.withdrawFeePercent),
    withdrawFeeFixed: str(v.withdrawFeeFixed),
    withdrawStart: str(v.withdrawStart),
    withdrawEnd: str(v.withdrawEnd),
    maxOpenRechargePerHour: str(v.maxOpenRechargePerHour),
  } as InputOf<typeof paySettingApi.update>;
}
