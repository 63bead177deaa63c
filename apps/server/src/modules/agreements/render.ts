import { createHash } from 'node:crypto';
import { fillTemplate } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { escapeHtml, sanitizeRichText } from '../../lib/rich-text.js';
import { templateValuesOrSamples } from '../users/index.js';

/**
 * A contract body as one user reads it: the sanitised template with each variable filled from the user's data and
 * escaped, so markup in a name stays text. Without a user, the variables' samples.
 */
export async function renderAgreement(db: Db, body: string, userId: number | null, now = new Date()): Promise<string> {
  return fillTemplate(sanitizeRichText(body), await templateValuesOrSamples(db, userId, now), escapeHtml);
}

/** The SHA-256 kept with a signature: proof that the stored text is the one signed. */
export const bodyHash = (body: string) => createHash('sha256').update(body, 'utf8').digest('hex');
