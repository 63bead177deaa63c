import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SITE_IMAGE_PATH, USER_UPLOAD_MAX_BYTES } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { siteImages } from './tables.js';
import { fail } from '../../http/errors.js';
import { sniffImage } from '../users/index.js';

/** The public address of a site image. */
export const imageUrl = (key: string | null | undefined) => (key ? `${SITE_IMAGE_PATH}${key}` : null);

/**
 * Stores an image the site shows to everyone (covers, banners): its type from its first bytes — JPEG, PNG, GIF or
 * WebP, so SVG and HTML (which can carry script) are refused whatever their name says — at most 5 MB.
 */
export async function saveSiteImage(db: Db, data: Uint8Array, adminId: number): Promise<{ key: string; url: string }> {
  const buf = Buffer.from(data);
  if (buf.length > USER_UPLOAD_MAX_BYTES) throw fail('user_upload_size', { max: USER_UPLOAD_MAX_BYTES / 1024 / 1024 });
  const kind = sniffImage(buf);
  if (!kind) throw fail('user_upload_type');
  const key = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  await db.insert(siteImages).values({ key, mime: kind.mime, size: buf.length, data: buf, adminId });
  return { key, url: imageUrl(key)! };
}

export async function readSiteImage(db: Db, key: string): Promise<{ mime: string; data: Buffer } | null> {
  const [r] = await db.select({ mime: siteImages.mime, data: siteImages.data }).from(siteImages).where(eq(siteImages.key, key)).limit(1);
  return r ?? null;
}

/** Refuses an image key that was never uploaded (the form sends keys back). */
export async function assertImage(db: Db, key: string | undefined, field: string): Promise<void> {
  if (!key) return;
  const [r] = await db.select({ key: siteImages.key }).from(siteImages).where(eq(siteImages.key, key)).limit(1);
  if (!r) throw fail('content.image_missing', { field });
}
