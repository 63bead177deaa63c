import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { LANGS } from './envelope.js';
import { phone, zBool } from './fields.js';
import { adminEmail, adminPassword, googleEnrolment } from './admins.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());

/**
 * Password strength (spec §5): 5 points for each character, divided by how often that character has
 * occurred so far, plus 10 points for each character class beyond the first among digits, lower case,
 * upper case and other.
 */
export function passwordStrength(password: string): number {
  if (!password) return 0;
  let score = 0;
  const seen: Record<string, number> = {};
  for (const ch of password) {
    seen[ch] = (seen[ch] ?? 0) + 1;
    score += 5 / seen[ch];
  }
  const classes = [/\d/, /[a-z]/, /[A-Z]/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  score += (classes - 1) * 10;
  return Math.floor(score);
}

/** An uploaded file as the server sees a multipart part (the console sends a File). */
const uploaded = z.object({
  filename: z.string().max(255),
  mimetype: z.string().max(128),
  data: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'invalid_file' }),
});

export const accountProfile = z.object({
  id: z.number().int(),
  adminUtopia: z.string(),
  adminName: z.string(),
  avatar: z.string(),
  lang: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  roleName: z.string(),
  googleEnabled: z.boolean(),
  googlePending: z.boolean(),
  chatEnabled: z.boolean(),
  isSuper: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

export const updateBasicInput = z.object({
  adminName: optional(z.string().trim().min(1).max(64)),
  lang: optional(z.enum(LANGS)),
  email: optional(adminEmail()),
  phone: optional(phone()),
});

/** Avatars: PNG, JPEG, GIF or WebP up to AVATAR_MAX_BYTES, in the multipart field `file`. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const uploadAvatarInput = z.object({ file: uploaded });

export const changePasswordInput = z
  .object({
    oldPassword: z.string().min(1).max(128),
    newPassword: adminPassword(),
    confirmPassword: z.string().min(1).max(64),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'password_mismatch', path: ['confirmPassword'] });

export const accountGoogleInput = z.object({
  /** `enable` with a code from the secret of getGoogle.do; `disable` with a code from the current secret. */
  action: z.enum(['enable', 'disable']),
  googleCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/),
});

/** iOS push (APNs token-based auth) settings; the .p8 key is stored encrypted and never returned. */
export const iosPushSettings = z.object({
  keyId: z.string(),
  teamId: z.string(),
  bundleId: z.string(),
  /** false = sandbox. */
  production: z.boolean(),
  hasKey: z.boolean(),
  /** First 16 hex digits of the SHA-256 of the key's public part, to tell keys apart. */
  keyFingerprint: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type IosPushSettings = z.infer<typeof iosPushSettings>;

const apnsId = () =>
  z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{10}$/, { message: 'invalid_apns_id' });
export const updateIosPushInput = z.object({
  keyId: apnsId(),
  teamId: apnsId(),
  bundleId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, { message: 'invalid_bundle_id' })
    .max(155),
  production: zBool(),
  /** The AuthKey_XXXX.p8 file (multipart) … */
  keyFile: uploaded.optional(),
  /** … or its PEM text. Omit both to keep the stored key. */
  keyText: optional(z.string().max(4096)),
});

export const testIosPushInput = z.object({
  /** APNs device token (hex). */
  deviceToken: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32,200}$/, { message: 'invalid_device_token' }),
  title: z.string().trim().max(100).optional().default('Stock Admin'),
  body: z.string().trim().max(500).optional().default('Test push'),
});
export const pushResult = z.object({
  logId: z.number(),
  provider: z.string(),
  result: z.enum(['sent', 'failed']),
  error: z.string().nullable(),
});

const user = (action: 'query' | 'edit') => ({ permission: 'user' as const, action });
const push = (action: 'query' | 'edit') => ({ permission: 'push' as const, action });

export const accountApi = {
  profile: endpoint({
    method: 'POST',
    path: '/admin/account/profile.do',
    access: user('query'),
    data: accountProfile,
    summary: 'The signed-in admin (account settings)',
  }),
  updateBasic: endpoint({
    method: 'POST',
    path: '/admin/account/updateBasic.do',
    access: user('edit'),
    input: updateBasicInput,
    data: accountProfile,
    module: 'account',
    summary: 'Display name, language, e-mail, phone',
  }),
  uploadAvatar: endpoint({
    method: 'POST',
    path: '/admin/account/uploadAvatar.do',
    access: user('edit'),
    input: uploadAvatarInput,
    data: z.object({ avatar: z.string() }),
    module: 'account',
    summary: 'Avatar upload (multipart field `file`)',
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/admin/account/updatePassword.do',
    access: user('edit'),
    input: changePasswordInput,
    data: z.null(),
    module: 'account',
    summary: 'Change password (checks the current one; ends the other sessions)',
  }),
  getGoogle: endpoint({
    method: 'POST',
    path: '/admin/account/getGoogle.do',
    access: user('edit'),
    data: googleEnrolment,
    module: 'account',
    summary: 'Issue an authenticator secret for enrolment (shown once)',
  }),
  updateGoogle: endpoint({
    method: 'POST',
    path: '/admin/account/updateGoogle.do',
    access: user('edit'),
    input: accountGoogleInput,
    data: accountProfile,
    module: 'account',
    summary: 'Turn the authenticator on or off (needs a valid code)',
  }),
  getIosPush: endpoint({
    method: 'POST',
    path: '/admin/account/getIosPush.do',
    access: push('query'),
    super: true,
    data: iosPushSettings,
    summary: 'iOS push settings (super-user only)',
  }),
  updateIosPush: endpoint({
    method: 'POST',
    path: '/admin/account/updateIosPush.do',
    access: push('edit'),
    super: true,
    input: updateIosPushInput,
    data: iosPushSettings,
    module: 'account',
    summary: 'Save iOS push settings (super-user only; key stored encrypted)',
  }),
  testIosPush: endpoint({
    method: 'POST',
    path: '/admin/account/testIosPush.do',
    access: push('edit'),
    super: true,
    input: testIosPushInput,
    data: pushResult,
    module: 'account',
    summary: 'Send a test push through the push provider (super-user only)',
  }),
} as const;
