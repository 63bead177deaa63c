import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * AES-256-GCM for secrets at rest (gateway keys, TOTP secrets, APNs keys). The key comes from
 * SECRET_KEY; an embedded install without it keeps a random key in DATA_DIR/secret.key.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(secret).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1:${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64')}`;
  }

  open(sealed: string): string {
    if (!sealed.startsWith('v1:')) throw new Error('not a sealed value');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    const d = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  }
}

/** Shows only the last 4 characters of a secret. */
export const maskSecret = (s: string | null | undefined) => (s ? `****${s.slice(-4)}` : '');

/** The settings it reads (config.ts's names), as a shape: lib/ depends on nothing of the app. */
export interface SecretSettings {
  SECRET_KEY?: string;
  DATABASE_URL?: string;
  dataDir: string;
}

export function secretBoxFor(config: SecretSettings): SecretBox {
  if (config.SECRET_KEY) return new SecretBox(config.SECRET_KEY);
  if (config.DATABASE_URL) throw new Error('SECRET_KEY is required when DATABASE_URL is set (all instances must share it)');
  if (config.dataDir.startsWith('memory://')) return new SecretBox('in-memory-test-key-' + process.pid);
  const file = path.join(config.dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return new SecretBox(fs.readFileSync(file, 'utf8').trim());
}
