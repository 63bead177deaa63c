import type { FastifyReply, FastifyRequest } from 'fastify';
import { Status, type Envelope, type Lang } from '@stock-admin/contracts';
import { t } from '../app/i18n.js';
import { OutcomeUnknownError, withCommitHooks, type CommitHooks, type CommitOutcome } from '../db/transactions.js';
import { connectionLost, isConnectionError } from '../db/outage.js';
import type { IdempotentCall, StoredAnswer } from './idempotency.js';
import { serialize } from './json.js';
import { AppError } from './errors.js';

// A call's run and its answer: the Idempotency-Key claim, the commit hooks, and the envelope of any failure.

/** An answer: its HTTP status and envelope. */
export type Answer = { http: number; body: Envelope<unknown> };

/** Turns any thrown value into the envelope and HTTP status the caller gets. */
export function toEnvelope(err: unknown, lang: Lang, req: FastifyRequest): Answer {
  if (err instanceof OutcomeUnknownError) {
    // the change may or may not be there: the caller must not be told "failed", nor retry blindly (README)
    req.log.error({ err }, 'a COMMIT whose acknowledgement was lost: outcome unknown');
    return { http: 503, body: { status: Status.UNAVAILABLE, msg: t(lang, 'outcome_unknown'), data: null } };
  }
  if (isConnectionError(err)) {
    // not a bug: the client may retry (app.ts adds Retry-After to every 503); logged once per outage
    connectionLost(err);
    return { http: 503, body: { status: Status.UNAVAILABLE, msg: t(lang, 'db_unavailable'), data: null } };
  }
  if (err instanceof AppError) {
    // a `reason.*` or `*.status.*` parameter is said in the caller's language by t() itself
    return { http: err.httpStatus, body: { status: err.status, msg: t(lang, err.key, err.params), data: err.data } };
  }
  const e = err as { statusCode?: number; code?: string };
  if (e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e?.statusCode === 413) {
    return { http: 200, body: { status: Status.INVALID, msg: t(lang, 'too_large'), data: null } };
  }
  if (e?.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return { http: 200, body: { status: Status.INVALID, msg: t(lang, 'invalid_body'), data: null } };
  }
  req.log.error({ err }, 'unhandled error');
  return { http: 500, body: { status: Status.FAIL, msg: t(lang, 'internal_error', { reqId: String(req.id) }), data: null } };
}

/** The answer to a retry of a call that committed but whose process died before its answer was stored. */
const lostAnswer = (lang: Lang): StoredAnswer => ({
  http: 200,
  payload: JSON.stringify({ status: Status.OK, msg: t(lang, 'idempotency_answer_lost'), data: null }),
});

/**
 * What both wrappers do with a call once its caller is known: claim its Idempotency-Key, run it so that its
 * transactions write their hooks (the log row, the key's mark) and note that they committed, and answer.
 */
export class CallRun implements CommitHooks {
  /** A transaction of the call committed: a connection lost afterwards (reading the result back) is no failure. */
  private committed = false;
  /** The call's key, once this call holds it (a refusal of the key itself must not overwrite the key's answer). */
  private idem: IdempotentCall | undefined;
  private failure: unknown;

  async beforeCommit(): Promise<CommitOutcome> {
    return { committed: () => (this.committed = true), rolledBack: () => undefined };
  }

  /** Claims the key: the first call's answer to replay, or undefined to run this one. */
  async claim(key: IdempotentCall | undefined, lang: Lang): Promise<StoredAnswer | undefined> {
    const prior = await key?.claim();
    if (!prior) this.idem = key;
    return prior === 'lost' ? lostAnswer(lang) : prior;
  }

  /** Runs the call with its transactions' hooks: `before` (the log row), then the key's mark, then this one's. */
  run<T>(before: CommitHooks | undefined, call: () => Promise<T>): Promise<T> {
    return withCommitHooks([before, this.idem, this], call);
  }

  /** The handler sent a response itself (a file): nothing to replay. */
  abandon(): Promise<void> {
    return this.idem?.abandon() ?? Promise.resolve();
  }

  /** A failure's answer, unless the call had committed and only lost its connection afterwards. */
  failed(err: unknown, lang: Lang, req: FastifyRequest): Answer {
    this.failure = err;
    if (this.committed && isConnectionError(err) && !(err instanceof OutcomeUnknownError)) {
      req.log.warn({ err }, 'connection lost after the call committed: answered as saved');
      return { http: 200, body: { status: Status.OK, msg: t(lang, 'committed_answer_unread'), data: null } };
    }
    return toEnvelope(err, lang, req);
  }

  /**
   * Sends the answer. A call with an Idempotency-Key stores the very bytes it sends (or releases the key when the
   * answer says nothing was done and to try again), so a retry gets them back as they were.
   */
  async answer(reply: FastifyReply, result: Answer): Promise<FastifyReply> {
    if (!this.idem) return reply.code(result.http).send(result.body);
    const bytes = serialize(result.body) as string | Buffer;
    const stored: StoredAnswer = { http: result.http, payload: Buffer.isBuffer(bytes) ? bytes.toString('utf8') : bytes };
    await this.idem.finish(stored, { unknownOutcome: this.failure instanceof OutcomeUnknownError });
    return reply.code(result.http).type('application/json; charset=utf-8').send(stored.payload);
  }
}
