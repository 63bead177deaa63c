import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { moneyOut, pageOf, pageQuery } from './envelope.js';
import { optionalText, phone, zId } from './fields.js';
import { FUND_TYPES } from './funds-types.js';
import { bankCardNo, idCardNumber, optionalField, userPassword, userUploadedFile } from './user-fields.js';

/**
 * The platform user API: what the trading app calls. Prefix `/app/`, token header `usertoken`.
 * `access: 'public'` needs no token, `'signedIn'` needs a valid `usertoken` (not an admin token).
 */
export const USER_TOKEN_HEADER = 'usertoken';

export const appLoginData = z.object({
  token: z.string(),
  /** Epoch milliseconds. */
  expireTime: z.number().int(),
  id: z.number().int(),
});

export const appRegisterInput = z.object({
  phone: phone(),
  password: userPassword(),
  /** An agent's invite code: the user is registered under that agent. */
  inviteCode: optionalText(20),
  nickName: optionalText(50),
});
export const appLoginInput = z.object({ phone: phone(), password: z.string().min(1).max(64) });

export const appProfile = z.object({
  id: z.number().int(),
  phone: z.string(),
  nickName: z.string(),
  realName: z.string().nullable(),
  idNumber: z.string().nullable(),
  accountType: z.number().int(),
  agentId: z.number().int().nullable(),
  userAmt: moneyOut,
  enableAmt: moneyOut,
  frozenAmt: moneyOut,
  tradeLocked: z.boolean(),
  realState: z.number().int(),
  realRejectReason: z.string().nullable(),
  regTime: z.string(),
});
export type AppProfile = z.infer<typeof appProfile>;

export const appRealNameInput = z.object({
  realName: z.string().trim().min(2).max(50),
  idNumber: idCardNumber(),
  /** ID photo, front (multipart file). */
  idFront: userUploadedFile,
  /** ID photo, back (multipart file). */
  idBack: userUploadedFile,
});

export const appBankItem = z.object({
  id: z.number().int(),
  bankName: z.string(),
  branch: z.string(),
  cardNoMasked: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
});
export const appSaveBankInput = z.object({
  /** Replace this card; without it a card is added. */
  id: optionalField(zId()),
  bankName: z.string().trim().min(1).max(50),
  branch: optionalText(100),
  cardNo: bankCardNo(),
  /** Defaults to the verified real name. */
  holderName: optionalText(50),
});

export const appFundItem = z.object({
  id: z.number().int(),
  type: z.enum(FUND_TYPES),
  amount: moneyOut,
  userAmtAfter: moneyOut,
  enableAmtAfter: moneyOut,
  frozenAmtAfter: moneyOut,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export const appFundsQuery = pageQuery.extend({
  type: optionalField(z.enum(FUND_TYPES)),
});
export const appPasswordInput = z.object({ oldPassword: z.string().min(1).max(64), newPassword: userPassword() });

export const platformApi = {
  register: endpoint({
    method: 'POST',
    path: '/app/user/register.do',
    access: 'public',
    input: appRegisterInput,
    data: appLoginData,
    summary: 'Register (phone, password, optional agent invite code) and sign in',
  }),
  login: endpoint({
    method: 'POST',
    path: '/app/user/login.do',
    access: 'public',
    input: appLoginInput,
    data: appLoginData,
    summary: 'Sign in; the token goes in the `usertoken` header',
  }),
  logout: endpoint({ method: 'POST', path: '/app/user/logout.do', access: 'signedIn', data: z.null(), summary: 'Sign out' }),
  info: endpoint({ method: 'POST', path: '/app/user/info.do', access: 'signedIn', data: appProfile, summary: 'Own profile and balances' }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/app/user/updatePassword.do',
    access: 'signedIn',
    input: appPasswordInput,
    data: z.null(),
    summary: 'Change the password (other sessions end)',
  }),
  realName: endpoint({
    method: 'POST',
    path: '/app/user/realName.do',
    access: 'signedIn',
    input: appRealNameInput,
    data: appProfile,
    summary: 'Submit real-name details with ID photos (multipart)',
  }),
  banks: endpoint({
    method: 'POST',
    path: '/app/user/bank/list.do',
    access: 'signedIn',
    data: z.array(appBankItem),
    summary: 'Own bank cards',
  }),
  saveBank: endpoint({
    method: 'POST',
    path: '/app/user/bank/save.do',
    access: 'signedIn',
    input: appSaveBankInput,
    data: appBankItem,
    summary: 'Add or replace a bank card',
  }),
  funds: endpoint({
    method: 'POST',
    path: '/app/user/funds.do',
    access: 'signedIn',
    input: appFundsQuery,
    data: pageOf(appFundItem),
    summary: 'Own fund records',
  }),
} as const;
