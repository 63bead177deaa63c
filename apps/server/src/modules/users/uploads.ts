import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { USER_FILE_PATH, USER_UPLOAD_MAX_BYTES } from '@stock-admin/contracts';
import { users } from '../_kit/parties.js';
import { uploads } from './tables.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { agentScope, isAgentStaff } from '../_kit/scope.js';

const KINDS: { mime: string; ext: string; test: (b: Uint8Array) => boolean }[] = [
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/png', ext: 'png', test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v) },
  {
    mime: 'image/gif',
    ext: 'gif',
    test: (b) => String.fromCharCode(...b.subarray(0, 6)) === 'GIF87a' || String.fromCharCode(...b.subarray(0, 6)) === 'GIF89a',
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) => String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
];

/** The image type from the file's first bytes (never from its name or declared type), or null. */
export function sniffImage(data: Uint8Array): { mime: string; ext: string } | null {
  if (data.length < 12) return null;
  const k = KINDS.find((x) => x.test(data));
  return k ? { mime: k.mime, ext: k.ext } : null;
}

export const fileUrl = (key: string | null | undefined) => (key ? `${USER_FILE_PATH}${key}` : null);
const KEY_RE = /^[a-f0-9]{32}\.(jpg|png|gif|webp)$/;
export const isUploadKey = (key: string) => KEY_RE.test(key);

/**
 * Stores an uploaded image under a random name: JPEG/PNG/GIF/WebP (sniffed), at most 5 MB.
 * `userId` ties it to the end user it belongs to (agent staff see only their subtree's files).
 */
export async function saveUpload(
  db: Db,
  file: { data: Uint8Array },
  owner: { adminId?: number; appUserId?: number; userId?: number | null },
): Promise<{ key: string; url: string; mime: string; size: number }> {
  const data = Buffer.from(file.data);
  if (data.length > USER_UPLOAD_MAX_BYTES) throw fail('user_upload_size', { max: USER_UPLOAD_MAX_BYTES / 1024 / 1024 });
  const kind = sniffImage(data);
  if (!kind) throw fail('user_upload_type');
  const key = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  await db.insert(uploads).values({
    key,
    mime: kind.mime,
    size: data.length,
    data,
    uploadedByAdmin: owner.adminId ?? null,
    uploadedByUser: owner.appUserId ?? null,
    userId: owner.userId ?? null,
  });
  return { key, url: fileUrl(key)!, mime: kind.mime, size: data.length };
}

/**
 * Checks that upload keys exist and may be attached to `userId` (uploaded for that user, or by this
 * admin, or not yet tied to anyone), and ties them to the user.
 */
export async function attachUploads(tx: Db, keys: string[], userId: number, adminId?: number): Promise<void> {
  if (!keys.length) return;
  const found = await tx
    .select({ key: uploads.key, userId: uploads.userId, byAdmin: uploads.uploadedByAdmin })
    .from(uploads)
    .where(inArray(uploads.key, keys));
  for (const k of keys) {
    const f = found.find((x) => x.key === k);
    if (
      !f ||
      (f.userId != null && f.userId !== userId) ||
      (f.userId == null && adminId != null && f.byAdmin != null && f.byAdmin !== adminId)
    ) {
      throw fail('user_upload_not_found');
    }
  }
  await tx
    .update(uploads)
    .set({ userId })
    .where(and(inArray(uploads.key, keys), isNull(uploads.userId)));
}

/**
 * An image as an admin may see it: platform staff see every file; agent staff see files of users in
 * their subtree and files they uploaded themselves.
 */
export async function readUploadForAdmin(db: Db, p: Principal, key: string): Promise<{ mime: string; data: Buffer } | null> {
  if (!isUploadKey(key)) return null;
  const scoped = isAgentStaff(p)
    ? or(
        eq(uploads.uploadedByAdmin, p.adminId),
        sql`${uploads.userId} IN (SELECT ${users.id} FROM ${users} WHERE ${agentScope(p, users.agentId) ?? sql`true`})`,
      )
    : undefined;
  const [f] = await db
    .select({ mime: uploads.mime, data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.key, key), scoped))
    .limit(1);
  return f ?? null;
}

/** An image as an end user may see it: only their own. */
export async function readUploadForUser(db: Db, userId: number, key: string): Promise<{ mime: string; data: Buffer } | null> {
  if (!isUploadKey(key)) return null;
  const [f] = await db
    .select({ mime: uploads.mime, data: uploads.data })
    .from(uploads)
    .where(and(eq(uploads.key, key), or(eq(uploads.userId, userId), eq(uploads.uploadedByUser, userId))))
    .limit(1);
  return f ?? null;
}
