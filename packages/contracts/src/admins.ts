import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, phone, zBool, zId } from './fields.js';

/** A form sends "" for an untouched filter: treat it as "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());

/** Admin account lifecycle: `pending` is a registration request (locked, expires 24 h after it was made). */
export const ADMIN_STATUSES = ['active', 'pending', 'expired'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** A registration request must be activated within this many hours (spec §9). */
export const REGISTRATION_VALID_HOURS = 24;

/** Login (`adminUtopia`): the login phone, or a plain login name. */
export const adminLogin = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{3,32}$/, { message: 'invalid_admin_login' });
export const adminPassword = () => z.string().min(6).max(64);
export const adminEmail = () =>
  z
    .string()
    .trim()
    .max(128)
    .pipe(z.email({ message: 'invalid_email_address' }));

/** One row of 管理列表. Never carries a password hash or an authenticator secret. */
export const adminRecord = z.object({
  id: z.number().int(),
  /** Login (phone or name); the console compares it with its stored login to find the current admin's name. */
  adminUtopia: z.string(),
  /** Display name. */
  adminName: z.string(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleCode: z.string().nullable(),
  agentId: z.number().int().nullable(),
  locked: z.boolean(),
  status: z.enum(ADMIN_STATUSES),
  /** The authenticator is on: sign-in needs `googleCode`. */
  googleEnabled: z.boolean(),
  /** A secret was issued (getGoole.do) and awaits confirmation with a code. */
  googlePending: z.boolean(),
  chatEnabled: z.boolean(),
  /** Has a live session (offline.do ends it). */
  online: z.boolean(),
  isSuper: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
  /** Registration requests: when the request lapses unless activated. */
  expiresAt: z.string().nullable(),
});
export type AdminRecord = z.infer<typeof adminRecord>;

export const adminListQuery = pageQuery.extend({
  /** Display name, partial match. */
  adminName: optionalText(64),
  /** Login, partial match. */
  adminUtopia: optionalText(64),
  roleId: optional(zId()),
  locked: optional(zBool()),
  status: optional(z.enum(ADMIN_STATUSES)),
  agentId: optional(zId()),
});

export const addAdminInput = z.object({
  adminUtopia: adminLogin(),
  adminName: z.string().trim().min(1).max(64),
  password: adminPassword(),
  roleId: zId(),
  /** Required for a role bound to an agent (code `agent`): agent staff see only that agent's subtree. */
  agentId: optional(zId()),
  phone: optional(phone()),
  email: optional(adminEmail()),
  chatEnabled: optional(zBool()),
});

export const updateAdminInput = z.object({
  id: zId(),
  adminUtopia: optional(adminLogin()),
  adminName: optional(z.string().trim().min(1).max(64)),
  /** Sets a new password (the admin's sessions end). */
  password: optional(adminPassword()),
  roleId: optional(zId()),
  /** `0` or "" unbinds. */
  agentId: z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? null : v), z.union([z.null(), zId()])).optional(),
  phone: optional(phone()),
  email: optional(adminEmail()),
});

export const idInput = z.object({ id: zId() });

export const updateLockInput = z.object({
  id: zId(),
  /** true locks (and ends the admin's sessions), false unlocks. */
  locked: zBool(),
});

export const GOOGLE_ACTIONS = ['enable', 'disable', 'reset'] as const;
export const updateGoogleInput = z.object({
  id: zId(),
  /**
   * `enable`: turn the authenticator on with a code from the secret issued by getGoole.do (or, when it was
   * only disabled, from the existing secret); `disable`: turn it off, keeping the secret; `reset`: forget the secret.
   */
  action: z.enum(GOOGLE_ACTIONS),
  googleCode: optional(
    z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  ),
});

/** getGoole.do: the enrolment secret, shown once (each call issues a new pending secret). */
export const googleEnrolment = z.object({
  secret: z.string(),
  /** `otpauth://totp/...`: render it as a QR code for the authenticator app. */
  otpauthUri: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type GoogleEnrolment = z.infer<typeof googleEnrolment>;

export const updateChatInput = z.object({ id: zId(), chatEnabled: zBool() });

export const activateInput = z.object({
  id: zId(),
  /** Role to give the new account (default: the role it was requested with). */
  roleId: optional(zId()),
});

export const offlineData = z.object({ sessions: z.number().int() });

/** Public registration (spec §5 locale texts). */
export const sendCodeInput = z.object({
  phone: phone(),
  purpose: z.enum(['register']).default('register'),
});
export const sendCodeData = z.object({
  /** Seconds before another code may be asked for this phone. */
  resendAfter: z.number().int(),
  /** Seconds the code stays valid. */
  validFor: z.number().int(),
});

export const registerInput = z
  .object({
    email: z
      .string()
      .trim()
      .min(1)
      .max(128)
      .pipe(z.email({ message: 'invalid_email_address' })),
    password: adminPassword(),
    confirmPassword: z.string().min(1).max(64),
    phone: phone(),
    code: z.string().trim().min(1).max(8),
    adminName: optional(z.string().trim().min(1).max(64)),
  })
  .refine((v) => v.password === v.confirmPassword, { message: 'password_mismatch', path: ['confirmPassword'] });

export const registerData = z.object({
  id: z.number().int(),
  /** ISO time after which the request lapses unless the super-user has activated it. */
  expiresAt: z.string(),
  validHours: z.number().int(),
});

export const currentAdminData = pageOf(adminRecord.pick({ id: true, adminUtopia: true, adminName: true, avatar: true }));

const managelist = (action: 'query' | 'add' | 'edit' | 'delete' | 'enable' | 'disable') => ({ permission: 'managelist' as const, action });

export const adminsApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/system/list.do',
    access: managelist('query'),
    input: adminListQuery,
    data: pageOf(adminRecord),
    summary: 'Admin accounts (管理列表), incl. registration requests',
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/system/add.do',
    access: managelist('add'),
    input: addAdminInput,
    data: orHeld(adminRecord),
    module: 'admins',
    summary: 'Create an admin account',
    guard: 'access',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/system/update.do',
    access: managelist('edit'),
    input: updateAdminInput,
    data: orHeld(adminRecord),
    module: 'admins',
    summary: 'Edit an admin account (a new password ends its sessions)',
    guard: 'access',
  }),
  unlockSignIn: endpoint({
    method: 'POST',
    path: '/admin/system/unlockSignIn.do',
    access: managelist('enable'),
    input: z.object({ id: zId() }),
    module: 'admins',
    summary: "Forgive an account's failed sign-ins (the addresses it was closed to may try again); logged in the login log",
    guard: 'access',
  }),
  updateLock: endpoint({
    method: 'POST',
    path: '/admin/system/updateLock.do',
    access: managelist('edit'),
    input: updateLockInput,
    data: orHeld(adminRecord),
    module: 'admins',
    summary: 'Lock (needs edit + disable; ends its sessions) or unlock (edit + enable)',
    guard: 'access',
  }),
  del: endpoint({
    method: 'POST',
    path: '/admin/system/del.do',
    access: managelist('delete'),
    input: idInput,
    data: orHeld(z.null()),
    module: 'admins',
    summary: 'Delete an admin account (not yourself, not the super-user)',
    guard: 'access',
  }),
  updateGoogle: endpoint({
    method: 'POST',
    path: '/admin/system/updataGoole.do',
    access: managelist('edit'),
    input: updateGoogleInput,
    data: orHeld(adminRecord),
    module: 'admins',
    summary: 'Enable / disable / reset the Google Authenticator',
    guard: 'access',
  }),
  getGoogle: endpoint({
    method: 'POST',
    path: '/admin/system/getGoole.do',
    access: managelist('edit'),
    input: idInput,
    data: googleEnrolment,
    module: 'admins',
    summary: 'Issue a new authenticator secret for enrolment (shown once)',
  }),
  offline: endpoint({
    method: 'POST',
    path: '/admin/system/offline.do',
    access: managelist('edit'),
    input: idInput,
    data: offlineData,
    module: 'admins',
    summary: "End the admin's sessions (KICKOUT_ANOTHER)",
  }),
  updateChat: endpoint({
    method: 'POST',
    path: '/admin/system/updateChat',
    access: managelist('edit'),
    input: updateChatInput,
    data: adminRecord,
    module: 'admins',
    summary: "The admin's customer-chat availability",
  }),
  activate: endpoint({
    method: 'POST',
    path: '/admin/system/activate.do',
    access: managelist('enable'),
    super: true,
    input: activateInput,
    data: adminRecord,
    module: 'admins',
    summary: 'Activate a registration request (super-user, within 24 h)',
  }),
  current: endpoint({
    method: 'POST',
    path: '/admin/system/current.do',
    access: 'signedIn',
    data: currentAdminData,
    summary: "The signed-in admin's own list record (header name for any role)",
  }),
  sendCode: endpoint({
    method: 'POST',
    path: '/api/adminUser/sendCode.do',
    access: 'public',
    input: sendCodeInput,
    data: sendCodeData,
    module: 'register',
    summary: 'Send an SMS verification code (registration)',
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/adminUser/register.do',
    access: 'public',
    input: registerInput,
    data: registerData,
    module: 'register',
    summary: 'Request an admin account (activated by the super-user within 24 h)',
  }),
} as const;
