import type { ChannelItem, ChannelType, InputOf, LayeringItem, channelsApi } from '@stock-admin/contracts';

/**
 * Form values ↔ payloads of the channel and layering forms. Amounts stay decimal strings (antd
 * InputNumber in string mode); an emptied field is sent as '' so that an update clears it (the
 * server replaces every field of the form); secrets left blank are not sent, which keeps them.
 */

export interface ChannelFormValues {
  type?: ChannelType;
  name?: string;
  displayName?: string;
  payeeName?: string;
  account?: string;
  bankName?: string;
  bankBranch?: string;
  qrImage?: string;
  minAmount?: string | number | null;
  maxAmount?: string | number | null;
  dailyCap?: string | number | null;
  gatewayUrl?: string;
  merchantCode?: string;
  merchantKey?: string;
  shown?: boolean;
  enabled?: boolean;
  withdrawable?: boolean;
  sort?: number | string | null;
  remark?: string;
}

export type ChannelPayload = InputOf<typeof channelsApi.add>;
export type ChannelUpdatePayload = InputOf<typeof channelsApi.update>;
export type LayeringPayload = InputOf<typeof channelsApi.layeringAdd>;

const text = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
/** A decimal amount from InputNumber (string mode) or text; '' when empty. Never goes through a float. */
const amount = (v: unknown): string => {
  const s = text(v);
  return s.endsWith('.') ? s.slice(0, -1) : s;
};

export const NEW_CHANNEL: ChannelFormValues = { type: 'bank', shown: true, enabled: true, withdrawable: false, sort: 0 };

/** The edit form of a channel: secrets start blank (the list only has their masked form). */
export function channelToForm(c: ChannelItem): ChannelFormValues {
  return {
    type: c.type,
    name: c.name,
    displayName: c.displayName,
    payeeName: c.payeeName,
    account: c.account,
    bankName: c.bankName,
    bankBranch: c.bankBranch,
    qrImage: c.qrImage,
    minAmount: c.minAmount ?? null,
    maxAmount: c.maxAmount ?? null,
    dailyCap: c.dailyCap ?? null,
    gatewayUrl: c.gatewayUrl,
    merchantCode: '',
    merchantKey: '',
    shown: c.shown,
    enabled: c.enabled,
    withdrawable: c.withdrawable,
    sort: c.sort,
    remark: c.remark,
  };
}

export function formToChannelPayload(v: ChannelFormValues): ChannelPayload {
  const out: Record<string, unknown> = {
    type: v.type,
    name: text(v.name),
    displayName: text(v.displayName),
    payeeName: text(v.payeeName),
    account: text(v.account),
    bankName: text(v.bankName),
    bankBranch: text(v.bankBranch),
    qrImage: text(v.qrImage),
    minAmount: amount(v.minAmount),
    maxAmount: amount(v.maxAmount),
    dailyCap: amount(v.dailyCap),
    gatewayUrl: text(v.gatewayUrl),
    shown: !!v.shown,
    enabled: !!v.enabled,
    withdrawable: !!v.withdrawable,
    sort: text(v.sort),
    remark: text(v.remark),
  };
  // Blank secrets are left out: nothing on add, "keep the stored one" on update.
  if (text(v.merchantCode)) out.merchantCode = text(v.merchantCode);
  if (text(v.merchantKey)) out.merchantKey = text(v.merchantKey);
  return out as ChannelPayload;
}

/**
 * An update that changes only some fields of a listed channel (the list's switches): every field
 * from the row, secrets left out (kept), then the patch.
 */
export function channelPatchPayload(c: ChannelItem, patch: Partial<ChannelFormValues>): ChannelUpdatePayload {
  return { ...formToChannelPayload({ ...channelToForm(c), ...patch }), id: c.id } as ChannelUpdatePayload;
}

/** Fields the server requires for a channel type (apps/server channels/service.ts checkChannel). */
export function requiredForType(type: ChannelType | undefined, opts: { hasStoredMerchantCode?: boolean } = {}): string[] {
  switch (type) {
    case 'bank':
      return ['payeeName', 'bankName', 'account'];
    case 'usdt':
      return ['account'];
    case 'gateway':
      return opts.hasStoredMerchantCode ? ['gatewayUrl'] : ['gatewayUrl', 'merchantCode'];
    default:
      return []; // alipay / wechat: the account or the QR code (checked together)
  }
}

/** Which field groups the form shows for a type. */
export function sectionsForType(type: ChannelType | undefined): { bank: boolean; qr: boolean; gateway: boolean } {
  return { bank: type === 'bank', qr: type === 'alipay' || type === 'wechat' || type === 'usdt', gateway: type === 'gateway' };
}

export const isImageRef = (v: string) => /^(?!.*\.\.)(https?:\/\/[^\s]+|\/(uploads|admin\/user\/file)\/[\w./-]+)$/i.test(v.trim());
export const isHttpUrl = (v: string) => /^https?:\/\/[^\s]+$/i.test(v.trim());

/** Compares two non-negative decimal strings without floats: -1, 0 or 1. */
export function compareAmounts(a: string, b: string): number {
  const [ai = '0', af = ''] = a.trim().split('.');
  const [bi = '0', bf = ''] = b.trim().split('.');
  const ia = ai.replace(/^0+/, '');
  const ib = bi.replace(/^0+/, '');
  if (ia.length !== ib.length) return ia.length < ib.length ? -1 : 1;
  if (ia !== ib) return ia < ib ? -1 : 1;
  const n = Math.max(af.length, bf.length);
  const fa = af.padEnd(n, '0');
  const fb = bf.padEnd(n, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

// ---------- layering ----------

export interface LayeringFormValues {
  layeringName?: string;
  payNums?: number | string | null;
  payMoney?: string | number | null;
  withdrawalMoney?: string | number | null;
  withdrawalNums?: number | string | null;
}

export function layeringToForm(l: LayeringItem): LayeringFormValues {
  return {
    layeringName: l.layeringName,
    payNums: l.payNums,
    payMoney: l.payMoney,
    withdrawalMoney: l.withdrawalMoney,
    withdrawalNums: l.withdrawalNums,
  };
}

/** Thresholds left empty are sent as '' (no threshold; an update clears the old one). */
export function formToLayeringPayload(v: LayeringFormValues): LayeringPayload {
  return {
    layeringName: text(v.layeringName),
    payNums: text(v.payNums),
    payMoney: amount(v.payMoney),
    withdrawalMoney: amount(v.withdrawalMoney),
    withdrawalNums: text(v.withdrawalNums),
  } as LayeringPayload;
}

/** The add-channels payload: channel ids comma-joined (spec §7). */
export const addChannelsPayload = (layeringId: number, channelIds: readonly number[]) => ({
  layeringId,
  channelIds: channelIds.join(','),
});
