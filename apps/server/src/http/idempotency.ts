import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Status } from '@stock-admin/contracts';
import type { Db } from '../db/client.js';
import { rows } from '../db/rows.js';
import { connectionLost, isConnectionError } from '../db/outage.js';
import type { CommitHooks, CommitOutcome } from '../db/transactions.js';
import { AppError } from './errors.js';

/**
 * `Idempotency-Key` on every POST of both APIs (issue 47; Stripe's semantics, the IETF draft's header): a client
 * sends one key per intent and the same key on each retry of it. Within 24 h, the same key from the same principal
 * with the same method, path and body gets the first answer again, byte for byte, with `Idempotent-Replayed: true`,
 * and nothing runs a second time; another body under a used key is refused; a retry arriving while the first call
 * still runs waits for its answer (on any instance: the row is in PostgreSQL), or is told it is in progress.
 *
 * The claim is a row written before the call runs. The call's first committed transaction marks it `committed`
 * inside that transaction (a `CommitHooks`), so the mark commits or rolls back with the change itself: a retry
 * after a crash or a lost answer finds either the change and its mark, or neither. Once the answer is known it is
 * stored (`done`). An answer that changed nothing and says "try again" (5xx, database unavailable) releases the key
 * instead, so the retry runs; a refusal is kept and replayed, as the call's answer.
 *
 * Keys are read only on calls made by a principal (an admin or agent staff, a platform user): a public call with no
 * token has nobody to scope its key to, and a shared scope would let one stranger replay another's answer.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key answers with its first answer. */
export const KEY_TTL_HOURS = 24;
/** A claim whose call has not finished by then (its process died) may be taken over by a retry. */
export const LEASE_SECONDS = 120;
/** How long a retry waits for the call that holds its key before it is answered "in progress". */
export const WAIT_MS = 10_000;
/**
 * A call whose change committed stores its answer a moment later; a retry that waits longer than this for it is
 * told the change was made (its process died, or its COMMIT's acknowledgement was lost and it answered "unknown").
 */
export const COMMITTED_WAIT_MS = 3000;

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** The request's key: absent (undefined), or 1–255 visible ASCII characters; anything else is refused naming the header. */
export function keyOf(req: FastifyRequest): string | undefined {
  const h = req.headers[IDEMPOTENCY_HEADER];
  if (h === undefined) return undefined;
  const v = Array.isArray(h) ? (h.length === 1 ? h[0] : undefined) : h;
  if (v === undefined || !VISIBLE_ASCII.test(v)) throw new AppError(Status.INVALID, 'idempotency_key_invalid');
  return v;
}

/** A stable text of a parsed body: keys sorted, uploaded bytes by their digest. */
function canonical(v: unknown): string {
  if (Buffer.isBuffer(v) || v instanceof Uint8Array) return `"#${createHash('sha256').update(v).digest('hex')}"`;
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/** What a key is bound to: the method, the path and the body of its first call. */
export function fingerprintOf(req: FastifyRequest): string {
  const path = req.url.split('?')[0];
  return createHash('sha256')
    .update(`${req.method}\n${path}\n${canonical(req.body ?? {})}`)
    .digest('hex');
}

/** A stored first answer. */
export interface StoredAnswer {
  http: number;
  payload: string;
}

interface KeyRow {
  fingerprint: string;
  state: 'running' | 'committed' | 'done';
  http_status: number | null;
  response: string | null;
  lease_over: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One call's key. `claim()` decides whether the call runs (undefined) or answers a stored answer; the call's
 * transactions run with it as a commit hook; `finish()` stores the answer or releases the key.
 */
export class IdempotentCall implements CommitHooks {
  /** The call's change committed (the key's mark with it): the key must never run again. */
  private committed = false;
  private marking = false;

  constructor(
    private readonly db: Db,
    readonly scope: string,
    readonly key: string,
    private readonly fingerprint: string,
  ) {}

  /**
   * Claims the key; undefined means "run the call", `lost` that the first call committed but its process died
   * before storing the answer. Throws the refusals (another body, still in progress).
   */
  async claim(): Promise<StoredAnswer | 'lost' | undefined> {
    const start = Date.now();
    const deadline = start + WAIT_MS;
    for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
      // a new key, a key past its 24 h, or a claim abandoned by a process that died (same body only) is ours
      const took = rows(
        await this.db.execute(sql`
          INSERT INTO idempotency_keys (scope, key, fingerprint, locked_until)
          VALUES (${this.scope}, ${this.key}, ${this.fingerprint}, now() + make_interval(secs => ${LEASE_SECONDS}))
          ON CONFLICT (scope, key) DO UPDATE
            SET fingerprint = EXCLUDED.fingerprint, state = 'running', http_status = NULL, response = NULL,
                locked_until = EXCLUDED.locked_until, created_at = now()
            WHERE idempotency_keys.created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})
               OR (idempotency_keys.state = 'running' AND idempotency_keys.locked_until < now()
                   AND idempotency_keys.fingerprint = EXCLUDED.fingerprint)
          RETURNING 1 AS ok`),
      );
      if (took.length) return undefined;
      const [row] = rows<KeyRow>(
        await this.db.execute(sql`
          SELECT fingerprint, state, http_status, response, locked_until < now() AS lease_over
          FROM idempotency_keys WHERE scope = ${this.scope} AND key = ${this.key}`),
      );
      if (!row) continue; // purged between the two statements: claim again
      if (row.fingerprint !== this.fingerprint) throw new AppError(Status.INVALID, 'idempotency_key_reused', undefined, 422);
      if (row.state === 'done') return { http: row.http_status ?? 200, payload: row.response ?? '' };
      // committed, and the call that ran it did not store its answer: the change is there
      if (row.state === 'committed' && (row.lease_over || Date.now() - start > COMMITTED_WAIT_MS)) return 'lost';
      if (Date.now() + pause > deadline) throw new AppError(Status.FAIL, 'idempotency_in_progress', undefined, 409);
      await sleep(pause);
    }
  }

  async beforeCommit(tx: Db): Promise<CommitOutcome | undefined> {
    if (this.committed || this.marking) return undefined;
    this.marking = true;
    await tx.execute(sql`UPDATE idempotency_keys SET state = 'committed' WHERE scope = ${this.scope} AND key = ${this.key}`);
    return {
      committed: () => {
        this.committed = true;
        this.marking = false;
      },
      rolledBack: () => {
        this.marking = false;
      },
    };
  }

  /**
   * The call's answer: stored for the retries — unless it changed nothing and asks to be tried again (5xx), then
   * the key is released. An answer whose outcome is unknown (the commit's acknowledgement was lost and PostgreSQL
   * could not be asked) leaves the row as it is: it says itself whether the change committed.
   */
  async finish(answer: StoredAnswer, opts: { unknownOutcome?: boolean } = {}): Promise<void> {
    if (opts.unknownOutcome) return;
    if (!this.committed && answer.http >= 500) return this.release();
    try {
      await this.db.execute(sql`
        UPDATE idempotency_keys SET state = 'done', http_status = ${answer.http}, response = ${answer.payload}
        WHERE scope = ${this.scope} AND key = ${this.key}`);
    } catch (err) {
      // a retry then finds the committed mark (told the change was made) or, after the lease, takes the key over
      if (isConnectionError(err)) connectionLost(err);
      else throw err;
    }
  }

  /**
   * Frees the key of a call that changed nothing, so that its retry runs. When the database is what failed, the
   * release is tried again in the background until it answers (within the lease): otherwise every retry would be told
   * "in progress" until the lease ran out, long after the database was back.
   */
  private async release(): Promise<void> {
    if (await this.tryRelease()) return;
    // the caller's answer does not wait for it
    void this.releaseLater(Date.now() + LEASE_SECONDS * 1000);
  }

  private async releaseLater(until: number): Promise<void> {
    for (let pause = 500; Date.now() + pause < until; pause = Math.min(pause * 2, 2000)) {
      await sleep(pause);
      if (await this.tryRelease().catch(() => true)) return;
    }
  }

  /** True once the key is free (false: the database did not answer). */
  private async tryRelease(): Promise<boolean> {
    try {
      await this.db.execute(sql`DELETE FROM idempotency_keys WHERE scope = ${this.scope} AND key = ${this.key} AND state = 'running'`);
      return true;
    } catch (err) {
      if (!isConnectionError(err)) throw err;
      connectionLost(err);
      return false;
    }
  }

  /** A response this call sent itself (a file): nothing to replay, so a retry may run it again unless it committed. */
  async abandon(): Promise<void> {
    await this.finish({ http: 500, payload: '' });
  }
}

/** Sends a stored first answer again, as it was. */
export function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.code(answer.http).header(REPLAYED_HEADER, 'true').type('application/json; charset=utf-8').send(answer.payload);
}

/**
 * The call's key, when it has one and a principal to scope it to; POST only (a GET changes nothing). Throws the
 * refusal of a malformed header.
 */
export function idempotentCall(db: Db, req: FastifyRequest, scope: string | null): IdempotentCall | undefined {
  if (req.method !== 'POST') return undefined;
  const key = keyOf(req);
  if (key === undefined || scope === null) return undefined;
  return new IdempotentCall(db, scope, key, fingerprintOf(req));
}
