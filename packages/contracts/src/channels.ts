import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { money, pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool, zId, zNumber } from './fields.js';

/**
 * Payment channels and layering tiers (spec §2 /capital channallist + layleringlist, §3 Layering,
 * §5 Layering form, §7 Payment channels / Layering screen payloads). Paths are the spec's verbatim.
 */

export const CHANNEL_TYPES = ['bank', 'alipay', 'wechat', 'usdt', 'gateway'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const CHANNEL_TYPE_LABELS: Record<ChannelType, { zh: string; en: string }> = {
  bank: { zh: '银行转账', en: 'Bank transfer' },
  alipay: { zh: '支付宝', en: 'Alipay' },
  wechat: { zh: '微信支付', en: 'WeChat Pay' },
  usdt: { zh: 'USDT', en: 'USDT' },
  gateway: { zh: '第三方支付', en: 'Third-party gateway' },
};

/** Empty form values (and JSON null) mean "not given". */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** A non-negative amount (decimal string, ≤ 2 decimals). */
export const amountNonNeg = money.refine((v) => !v.startsWith('-'), { message: 'invalid_amount_negative' });
/** A strictly positive amount. */
export const amountPositive = money.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), { message: 'invalid_amount_zero' });
/** Required amounts: an empty form value reads as missing (不能为空), not as a bad amount. */
export const reqAmountNonNeg = z.preprocess(blank, amountNonNeg);
export const reqAmountPositive = z.preprocess(blank, amountPositive);
export const optAmountNonNeg = z.preprocess(blank, amountNonNeg.optional());
export const optAmountPositive = z.preprocess(blank, amountPositive.optional());
/** An optional whole count ≥ 0 (empty → not given). */
export const optCount = z.preprocess(blank, zNumber(z.number().int().min(0).max(1_000_000_000)).optional());
const optBool = z.preprocess(blank, zBool().optional());

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s]+$/i, { message: 'invalid_url' });
/** An image reference: an http(s) URL or a path under /uploads/. */
const imageRef = z
  .string()
  .trim()
  .max(500)
  .regex(/^(?!.*\.\.)(https?:\/\/[^\s]+|\/(uploads|admin\/user\/file)\/[\w./-]+)$/i, { message: 'invalid_image' });

// ---------- channels ----------

const channelFields = {
  type: z.enum(CHANNEL_TYPES),
  /** Internal name (shown to staff). */
  name: z.string().trim().min(1).max(64),
  /** Name shown to users on the deposit page. */
  displayName: z.string().trim().min(1).max(64),
  payeeName: optionalText(64),
  /** Bank card number, Alipay/WeChat account or USDT address. */
  account: optionalText(128),
  bankName: optionalText(64),
  bankBranch: optionalText(128),
  qrImage: z.preprocess(blank, imageRef.optional()),
  minAmount: optAmountNonNeg,
  maxAmount: optAmountPositive,
  dailyCap: optAmountPositive,
  gatewayUrl: z.preprocess(blank, httpUrl.optional()),
  /** Secret: stored encrypted, returned masked. On update, empty or the masked value keeps the stored one. */
  merchantCode: optionalText(200),
  /** Secret: stored encrypted, returned masked. On update, empty or the masked value keeps the stored one. */
  merchantKey: optionalText(500),
  shown: optBool,
  enabled: optBool,
  withdrawable: optBool,
  sort: z.preprocess(blank, zNumber(z.number().int().min(0).max(99_999)).optional()),
  remark: optionalText(255),
};

export const channelAddInput = z.object(channelFields);
export const channelUpdateInput = z.object({ id: zId(), ...channelFields });
export type ChannelAddInput = z.output<typeof channelAddInput>;

export const channelItem = z.object({
  id: z.number().int(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string(),
  displayName: z.string(),
  payeeName: z.string(),
  account: z.string(),
  bankName: z.string(),
  bankBranch: z.string(),
  qrImage: z.string(),
  minAmount: z.string().nullable(),
  maxAmount: z.string().nullable(),
  dailyCap: z.string().nullable(),
  gatewayUrl: z.string(),
  /** Masked (`****1234`), empty when not set. */
  merchantCode: z.string(),
  /** Masked (`****abcd`), empty when not set. */
  merchantKey: z.string(),
  shown: z.boolean(),
  enabled: z.boolean(),
  withdrawable: z.boolean(),
  sort: z.number().int(),
  remark: z.string(),
  /** Successful deposits into this channel today (Asia/Shanghai), for the daily cap. */
  todayAmount: z.string(),
  /** Names of the tiers the channel is attached to. */
  layerings: z.array(z.object({ id: z.number().int(), layeringName: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChannelItem = z.infer<typeof channelItem>;

export const channelListQuery = pageQuery.extend({
  type: z.preprocess(blank, z.enum(CHANNEL_TYPES).optional()),
  keyword: optionalText(64),
  enabled: optBool,
  shown: optBool,
  withdrawable: optBool,
});
export const channelIdInput = z.object({ id: zId() });
export const updateWithdrawalInput = z.object({ id: zId(), withdrawable: zBool() });

// ---------- layering tiers ----------

export const layeringInput = z.object({
  layeringName: z
    .string({ error: (iss) => (iss.code === 'invalid_type' ? 'invalid_layering_name' : undefined) })
    .trim()
    .min(1, { error: 'invalid_layering_name' })
    .max(64),
  /** Thresholds: a user qualifies for the tier when every threshold given is reached. */
  payNums: optCount,
  payMoney: optAmountNonNeg,
  withdrawalMoney: optAmountNonNeg,
  withdrawalNums: optCount,
  /** The tier of users who have none (and the fallback channel set). Omitted on update: unchanged. */
  isDefault: optBool,
});
export const layeringUpdateInput = layeringInput.extend({ id: zId() });
export type LayeringInput = z.output<typeof layeringInput>;

export const layeringItem = z.object({
  id: z.number().int(),
  layeringName: z.string(),
  payNums: z.number().int().nullable(),
  payMoney: z.string().nullable(),
  withdrawalMoney: z.string().nullable(),
  withdrawalNums: z.number().int().nullable(),
  isDefault: z.boolean(),
  channelCount: z.number().int(),
  /** Users in the tier; the default tier also counts the users who have none. */
  userCount: z.number().int(),
  createdAt: z.string(),
});
export type LayeringItem = z.infer<typeof layeringItem>;

export const layeringIdInput = z.object({ layeringId: zId() });
/** Comma-joined ids like zIdList(), with the add-channels form's own message (请选择渠道) when none is given. */
const channelIdList = z
  .preprocess((v) => (v === undefined || v === null ? '' : v), z.union([z.string(), z.array(z.union([z.string(), z.number()]))]))
  .transform((v) =>
    (Array.isArray(v) ? v.map(String) : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(
    z
      .array(z.number({ error: 'invalid_channel_ids' }).int({ error: 'invalid_channel_ids' }).positive({ error: 'invalid_channel_ids' }))
      .min(1, { error: 'invalid_channel_ids' })
      .max(1000),
  );
export const layeringChannelItem = z.object({
  channelLayeringPidId: z.number().int(),
  channelId: z.number().int(),
  name: z.string(),
  displayName: z.string(),
  type: z.enum(CHANNEL_TYPES),
  enabled: z.boolean(),
  shown: z.boolean(),
});
export type LayeringChannelItem = z.infer<typeof layeringChannelItem>;

export const layeringChannelsAddInput = z.object({
  layeringId: zId(),
  /** Comma-joined channel ids (the add-channels form), or an array. */
  channelIds: channelIdList,
});
export const layeringChannelDeleteInput = z.object({ channelLayeringPidId: zId() });

export const layeringRecomputeData = z.object({
  /** Users looked at (not pinned). */
  checked: z.number().int(),
  /** Users whose tier changed. */
  moved: z.number().int(),
  /** Pinned users left alone. */
  pinned: z.number().int(),
});
export type LayeringRecomputeData = z.infer<typeof layeringRecomputeData>;

export const layeringPinInput = z.object({
  userId: zId(),
  /** The tier to pin; empty unpins (the user is placed from history again). */
  layeringId: z.preprocess(blank, zId().optional()),
});
export const layeringPinData = z.object({ userId: z.number().int(), layeringId: z.number().int().nullable(), pinned: z.boolean() });

const channels = { permission: 'channallist' } as const;
const tiers = { permission: 'layeringlist' } as const;

export const channelsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/channel/list',
    access: { ...channels, action: 'query' },
    input: channelListQuery,
    data: pageOf(channelItem),
    summary: 'Payment channels (the layering channel picker asks pageSize 1000)',
  }),
  withdrawals: endpoint({
    method: 'GET',
    path: '/admin/channel/withdrawals',
    access: { ...channels, action: 'query' },
    input: pageQuery,
    data: pageOf(channelItem),
    summary: 'Enabled channels usable for withdrawals',
  }),
  detail: endpoint({
    method: 'GET',
    path: '/admin/channel/detail',
    access: { ...channels, action: 'get' },
    input: channelIdInput,
    data: channelItem,
    summary: 'One payment channel (secrets masked)',
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/channel/add',
    access: { ...channels, action: 'add' },
    input: channelAddInput,
    data: channelItem,
    module: 'channels',
    summary: 'Add a payment channel',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/channel/update',
    access: { ...channels, action: 'edit' },
    input: channelUpdateInput,
    data: channelItem,
    module: 'channels',
    summary: 'Update a payment channel',
  }),
  delete: endpoint({
    method: 'POST',
    path: '/admin/channel/delete',
    access: { ...channels, action: 'delete' },
    input: channelIdInput,
    data: undefined,
    module: 'channels',
    summary: 'Delete a channel no deposit references',
  }),
  updateWithdrawal: endpoint({
    method: 'POST',
    path: '/admin/channel/updateWithdrawal',
    access: { ...channels, action: 'edit' },
    input: updateWithdrawalInput,
    data: channelItem,
    module: 'channels',
    summary: 'Mark a channel usable (or not) for withdrawals',
  }),

  layering: endpoint({
    method: 'GET',
    path: '/admin/channel/layering',
    access: { ...tiers, action: 'query' },
    input: pageQuery,
    data: pageOf(layeringItem),
    summary: 'Layering tiers',
  }),
  layeringAdd: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/add',
    access: { ...tiers, action: 'add' },
    input: layeringInput,
    data: layeringItem,
    module: 'layering',
    summary: 'Add a layering tier',
  }),
  layeringUpdate: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/update',
    access: { ...tiers, action: 'edit' },
    input: layeringUpdateInput,
    data: layeringItem,
    module: 'layering',
    summary: 'Update a layering tier',
  }),
  layeringDelete: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/delete',
    access: { ...tiers, action: 'delete' },
    input: channelIdInput,
    data: undefined,
    module: 'layering',
    summary: 'Delete a tier (its users fall back to the default tier)',
  }),
  layeringChannels: endpoint({
    method: 'GET',
    path: '/admin/channel/layering/channels/detail',
    access: { ...tiers, action: 'query' },
    input: layeringIdInput,
    data: pageOf(layeringChannelItem),
    summary: "A tier's channels",
  }),
  layeringChannelsAdd: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/channels/add',
    access: { ...tiers, action: 'edit' },
    input: layeringChannelsAddInput,
    data: z.object({ added: z.number().int() }),
    module: 'layering',
    summary: 'Attach channels (comma-joined channelIds) to a tier',
  }),
  layeringChannelDelete: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/channels/delete',
    access: { ...tiers, action: 'edit' },
    input: layeringChannelDeleteInput,
    data: undefined,
    module: 'layering',
    summary: 'Detach one channel from a tier',
  }),
  layeringChannelsDeleteAll: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/channels/delete/all',
    access: { ...tiers, action: 'edit' },
    input: layeringIdInput,
    data: z.object({ deleted: z.number().int() }),
    module: 'layering',
    summary: "Detach all of a tier's channels",
  }),
  layeringRecompute: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/recompute',
    access: { ...tiers, action: 'edit' },
    data: layeringRecomputeData,
    module: 'layering',
    summary: 'Place every unpinned user into a tier from their deposit/withdrawal history now',
  }),
  layeringPin: endpoint({
    method: 'POST',
    path: '/admin/channel/layering/pin',
    access: { ...tiers, action: 'edit' },
    input: layeringPinInput,
    data: layeringPinData,
    module: 'layering',
    summary: "Pin a user's tier (empty layeringId unpins)",
  }),
} as const;
