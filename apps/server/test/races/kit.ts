import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { conflictStats } from '../../src/db/transactions.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import type { TestApp } from '../helpers.js';

/** One answer of a race: HTTP status and the envelope. */
export interface Answer {
  http: number;
  status: number;
  msg: string;
  data: unknown;
}

const toAnswer = (r: LightMyRequestResponse): Answer => {
  let body: { status?: number; msg?: string; data?: unknown } = {};
  try {
    body = r.json();
  } catch {
    /* outside the envelope: status stays -1 */
  }
  return { http: r.statusCode, status: body.status ?? -1, msg: body.msg ?? r.body.slice(0, 200), data: body.data };
};

/** Races are counted across the file, so the suite can say how many it ran. */
export const tally = { races: 0, calls: 0, fivexx: 0 };

/**
 * Sends the calls at once, alternating between the instances, and checks the race's common rules: every
 * answer is in the envelope, none is 5xx, and exactly `winners` succeed (status 0). Returns the answers.
 */
export async function race(
  apps: TestApp[],
  calls: ((t: TestApp) => Promise<LightMyRequestResponse>)[],
  winners: number | ((n: number) => boolean) = 1,
): Promise<Answer[]> {
  tally.races++;
  tally.calls += calls.length;
  const answers = (await Promise.all(calls.map((c, i) => c(apps[i % apps.length]!)))).map(toAnswer);
  const bad = answers.filter((a) => a.http >= 500 || a.status < 0);
  tally.fivexx += bad.length;
  expect(bad.map((a) => `${a.http} ${a.msg}`)).toEqual([]);
  const ok = answers.filter((a) => a.status === 0).length;
  if (typeof winners === 'number') expect(ok, answers.map((a) => a.msg).join(' | ')).toBe(winners);
  else expect(winners(ok), `${ok} succeeded: ${answers.map((a) => a.msg).join(' | ')}`).toBe(true);
  return answers;
}

/**
 * How many of the race's rows were decided: each successful single review is one, each successful batch counts
 * the rows it decided (`count` reads that from the batch's answer). Batch answers are told by their `results`.
 */
export function decided(answers: Answer[], count: (batch: Record<string, number>) => number): number {
  return answers
    .filter((a) => a.status === 0)
    .reduce((n, a) => {
      const data = a.data as Record<string, number> & { results?: unknown };
      return n + (data?.results ? count(data) : 1);
    }, 0);
}

/** JSON POST with an admin or a user token. */
export function call(t: TestApp, url: string, body: unknown, h: { admin?: string; user?: string; lang?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(h.admin ? { admintoken: h.admin } : {}),
      ...(h.user ? { usertoken: h.user } : {}),
      ...(h.lang ? { lang: h.lang } : {}),
    },
    payload: JSON.stringify(body),
  });
}

export async function ledgerVerified(t: TestApp): Promise<void> {
  const r = await verifyLedger(t.app.ctx.db);
  expect(r.offenders).toEqual([]);
}

/** The file's count of races, and how many transactions PostgreSQL aborted on a conflict and were tried again. */
export function report(name: string): void {
  console.log(
    `${name}: ${tally.races} races, ${tally.calls} calls, ${tally.fivexx} × 5xx; ` +
      `transactions retried after a deadlock/serialization failure: ${conflictStats.retried} (gave up: ${conflictStats.exhausted})`,
  );
}
