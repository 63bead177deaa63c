import { zTime } from './time.js';
import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { moneyOut, pageOf, pageQuery } from './envelope.js';
import { optionalText, phone, zBool, zId, zIdList } from './fields.js';
import {
  bankCardNo,
  idCardNumber,
  nonNegativeMoney,
  optionalField,
  positiveMoney,
  userPassword,
  userUploadedFile,
  zIdOrZero,
  zIntIn,
} from './user-fields.js';

// The users contract (console user list, editing, bank cards, balance adjustments, real-name review). The
// field helpers it shares with the other contracts live in user-fields.ts.

const sortOrder = z.enum(['asc', 'desc', 'ascend', 'descend']).transform((v) => (v.startsWith('asc') ? 'asc' : 'desc'));

export const ACCOUNT_TYPES = [0, 1] as const;
export const AccountType = { REAL: 0, SIMULATED: 1 } as const;
export const REAL_STATES = [0, 1, 2, 3] as const;
export const RealState = { NONE: 0, PENDING: 1, APPROVED: 2, REJECTED: 3 } as const;
export const REAL_STATE_LABELS: Record<number, { zh: string; en: string }> = {
  0: { zh: '未实名', en: 'Not verified' },
  1: { zh: '待审核', en: 'Pending review' },
  2: { zh: '已认证', en: 'Verified' },
  3: { zh: '已驳回', en: 'Rejected' },
};
export const ACCOUNT_TYPE_LABELS: Record<number, { zh: string; en: string }> = {
  0: { zh: '真实账户', en: 'Real' },
  1: { zh: '模拟账户', en: 'Simulated' },
};
/** Balance adjustment direction of updateAmt / virtualUpdateAmt / updateAgentAmt. */
export const AmtDirection = { CREDIT: 0, DEBIT: 1 } as const;

// ---------------------------------------------------------------------------------------------
// Users (spec §7 Users; DESIGN §5 End user)

export const userItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickName: z.string(),
  realName: z.string().nullable(),
  /** Masked (first 3 and last 4 characters). */
  idNumber: z.string().nullable(),
  accountType: z.number().int(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  referrerId: z.number().int().nullable(),
  /** equity */
  userAmt: moneyOut,
  /** free cash */
  enableAmt: moneyOut,
  /** held */
  frozenAmt: moneyOut,
  tradeLocked: z.boolean(),
  loginLocked: z.boolean(),
  realState: z.number().int(),
  realRejectReason: z.string().nullable(),
  realSubmittedAt: z.string().nullable(),
  regTime: z.string(),
  regIp: z.string().nullable(),
  layeringId: z.number().int().nullable(),
  layeringPinned: z.boolean(),
  online: z.boolean(),
  lastLoginAt: z.string().nullable(),
  remark: z.string(),
});
export type UserItem = z.infer<typeof userItem>;

export const bankItem = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  bankName: z.string(),
  branch: z.string(),
  /** Full number for platform staff, masked for agent staff. */
  cardNo: z.string(),
  cardNoMasked: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BankItem = z.infer<typeof bankItem>;

export const userDetail = userItem.extend({
  /** Full ID number for platform staff; masked for agent staff. */
  idNumber: z.string().nullable(),
  /** Authenticated URLs of the ID photos (`/admin/user/file/{key}`), or null. */
  idFrontUrl: z.string().nullable(),
  idBackUrl: z.string().nullable(),
  realReviewedAt: z.string().nullable(),
  realReviewedBy: z.number().int().nullable(),
  /** The agent chain from the top agent down to the user's agent. */
  agentPath: z.array(z.object({ id: z.number().int(), name: z.string() })),
  banks: z.array(bankItem),
  lastLoginIp: z.string().nullable(),
  deletedAt: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetail>;

export const USER_SORT_FIELDS = ['id', 'regTime', 'userAmt', 'enableAmt', 'frozenAmt', 'lastLoginAt'] as const;

/** Filters of the user list and its export. Text filters match from the start (`138` finds 138…). */
export const userFilters = z.object({
  phone: optionalText(20),
  realName: optionalText(50),
  /** The user's agent; with includeSubAgents, any agent below it as well. */
  agentId: optionalField(zId()),
  includeSubAgents: optionalField(zBool()),
  accountType: optionalField(zIntIn(ACCOUNT_TYPES)),
  realState: optionalField(zIntIn(REAL_STATES)),
  loginLocked: optionalField(zBool()),
  tradeLocked: optionalField(zBool()),
  online: optionalField(zBool()),
  regBeginTime: optionalField(zTime('start')),
  regEndTime: optionalField(zTime('end')),
  /** Layering tier; 0 = users without a tier. */
  layeringId: optionalField(zIdOrZero()),
  sortField: optionalField(z.enum(USER_SORT_FIELDS)),
  sortOrder: optionalField(sortOrder),
});
export const userListQuery = pageQuery.extend(userFilters.shape);
export type UserListQuery = z.output<typeof userListQuery>;

export const userIdInput = z.object({ id: zId() });

export const addUserInput = z.object({
  phone: phone(),
  password: userPassword(),
  /** 1 simulated (default), 0 real. */
  accountType: optionalField(zIntIn(ACCOUNT_TYPES)).transform((v) => v ?? 1),
  nickName: optionalText(50),
  realName: optionalText(50),
  agentId: optionalField(zId()),
  /** Opening balance, credited through the ledger (type opening_balance). */
  amount: optionalField(nonNegativeMoney),
  remark: optionalText(500),
});

export const updateUserInput = z.object({
  id: zId(),
  phone: optionalField(phone()),
  nickName: optionalText(50),
  realName: optionalText(50),
  idNumber: optionalField(idCardNumber()),
  /** Resets the password (the user's app sessions end). */
  password: optionalField(userPassword()),
  /** 0 = no agent. */
  agentId: optionalField(zIdOrZero()),
  /** 0 = no tier. */
  layeringId: optionalField(zIdOrZero()),
  layeringPinned: optionalField(zBool()),
  tradeLocked: optionalField(zBool()),
  loginLocked: optionalField(zBool()),
  /** The ID photo keys (from localUpload.do). */
  idFront: optionalText(100),
  idBack: optionalText(100),
  remark: z.string().max(500).optional(),
});

export const uploadInput = z.object({
  file: userUploadedFile,
  /** The user the image belongs to (needed by agent staff; recommended always). */
  userId: optionalField(zId()),
});
export const uploadData = z.object({ key: z.string(), url: z.string(), mime: z.string(), size: z.number().int() });

export const getBankInput = z.object({ userId: zId() });
export const addBankInput = z.object({
  userId: zId(),
  bankName: z.string().trim().min(1).max(50),
  branch: optionalText(100),
  cardNo: bankCardNo(),
  holderName: z.string().trim().min(1).max(50),
});
export const updateBankInput = z.object({
  id: zId(),
  bankName: optionalField(z.string().trim().min(1).max(50)),
  branch: z.string().trim().max(100).optional(),
  cardNo: optionalField(bankCardNo()),
  holderName: optionalField(z.string().trim().min(1).max(50)),
});
export const delBankInput = z.object({ id: zId() });

export const updateAmtInput = z.object({
  userId: zId(),
  amt: positiveMoney,
  /** 0 credit, 1 debit */
  direction: zIntIn([0, 1] as const),
  note: z.string().trim().min(1).max(200),
});
export const balancesData = z.object({
  userId: z.number().int(),
  userAmt: moneyOut,
  enableAmt: moneyOut,
  frozenAmt: moneyOut,
  recordId: z.number().int(),
});

export const authByAdminInput = z
  .object({
    id: zId(),
    /** 2 approve, 3 reject */
    state: zIntIn([2, 3] as const),
    reason: optionalText(200),
  })
  .superRefine((v, ctx) => {
    if (v.state === 3 && !v.reason) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'], input: v.reason });
  });

export const updateListInput = z
  .object({
    ids: zIdList().pipe(z.array(z.number()).max(1000)),
    loginLocked: optionalField(zBool()),
    tradeLocked: optionalField(zBool()),
    /** 0 = no agent */
    agentId: optionalField(zIdOrZero()),
    /** 0 = no tier */
    layeringId: optionalField(zIdOrZero()),
  })
  .superRefine((v, ctx) => {
    if (v.loginLocked === undefined && v.tradeLocked === undefined && v.agentId === undefined && v.layeringId === undefined) {
      ctx.addIssue({ code: 'custom', message: 'nothing_to_change', path: ['ids'], input: v.ids });
    }
  });

const userPerm = (action: 'query' | 'get' | 'add' | 'edit' | 'delete' | 'export') => ({ permission: 'userlist' as const, action });

export const usersApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/user/list.do',
    access: userPerm('query'),
    input: userListQuery,
    data: pageOf(userItem),
    summary: 'Users (filters, paging, sort; agent staff see their subtree)',
  }),
  detail: endpoint({
    method: 'POST',
    path: '/admin/user/detail.do',
    access: userPerm('get'),
    input: userIdInput,
    data: userDetail,
    summary: 'One user with bank cards and ID photos',
  }),
  addSimulatedAccount: endpoint({
    method: 'POST',
    path: '/admin/user/addSimulatedAccount.do',
    access: userPerm('add'),
    input: addUserInput,
    data: z.object({ id: z.number().int() }),
    module: 'users',
    summary: 'Create a simulated (or real) account with an opening balance',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/user/update.do',
    access: userPerm('edit'),
    input: updateUserInput,
    data: userItem,
    module: 'users',
    summary: 'Profile, locks, agent, tier, password reset',
  }),
  localUpload: endpoint({
    method: 'POST',
    path: '/admin/user/localUpload.do',
    access: userPerm('edit'),
    input: uploadInput,
    data: uploadData,
    module: 'users',
    summary: 'Image upload (multipart field `file`): JPEG/PNG/GIF/WebP ≤ 5 MB',
  }),
  getBank: endpoint({
    method: 'POST',
    path: '/admin/user/getBank.do',
    access: userPerm('get'),
    input: getBankInput,
    data: z.array(bankItem),
    summary: "A user's bank cards",
  }),
  addBank: endpoint({
    method: 'POST',
    path: '/admin/user/addBank.do',
    access: userPerm('edit'),
    input: addBankInput,
    data: bankItem,
    module: 'users',
    summary: 'Add a bank card',
  }),
  updateBank: endpoint({
    method: 'POST',
    path: '/admin/user/updateBank.do',
    access: userPerm('edit'),
    input: updateBankInput,
    data: bankItem,
    module: 'users',
    summary: 'Change a bank card',
  }),
  delBank: endpoint({
    method: 'POST',
    path: '/admin/user/delBank.do',
    access: userPerm('edit'),
    input: delBankInput,
    data: z.null(),
    module: 'users',
    summary: 'Remove a bank card',
  }),
  updateAmt: endpoint({
    method: 'POST',
    path: '/admin/user/updateAmt.do',
    access: userPerm('edit'),
    input: updateAmtInput,
    data: orHeld(balancesData),
    module: 'users',
    summary: 'Credit (direction 0) or debit (1) free cash, with a note (not for agent staff)',
    guard: 'balance',
  }),
  virtualUpdateAmt: endpoint({
    method: 'POST',
    path: '/admin/user/virtualUpdateAmt.do',
    access: userPerm('edit'),
    input: updateAmtInput,
    data: orHeld(balancesData),
    module: 'users',
    summary: 'The same for simulated accounts only',
    guard: 'balance',
  }),
  authByAdmin: endpoint({
    method: 'POST',
    path: '/admin/user/authByAdmin.do',
    access: userPerm('edit'),
    input: authByAdminInput,
    data: userItem,
    module: 'users',
    summary: 'Real-name review: state 2 approve, 3 reject (reason required); pending only',
  }),
  delete: endpoint({
    method: 'POST',
    path: '/admin/user/delete.do',
    access: userPerm('delete'),
    input: userIdInput,
    data: z.null(),
    module: 'users',
    summary: 'Soft-delete a user without money or open business',
  }),
  kickOut: endpoint({
    method: 'POST',
    path: '/admin/user/kickOut.do',
    access: userPerm('edit'),
    input: userIdInput,
    data: z.object({ sessions: z.number().int() }),
    module: 'users',
    summary: "End the user's app sessions",
  }),
  updateList: endpoint({
    method: 'POST',
    path: '/admin/user/updateList.do',
    access: userPerm('edit'),
    input: updateListInput,
    data: z.object({ updated: z.number().int() }),
    module: 'users',
    summary: 'Batch: lock flags, agent or tier for many ids (all or nothing)',
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/user/export.do',
    access: userPerm('export'),
    input: userFilters,
    module: 'users',
    summary: 'The user list as CSV (UTF-8 with BOM), same filters',
  }),
} as const;

/** `GET /admin/user/file/{key}`: an uploaded image; needs the admintoken header, `?token=` or the Access-Token cookie. */
export const USER_FILE_PATH = '/admin/user/file/';
