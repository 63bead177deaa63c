import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rows } from '../db/rows.js';
import { withoutCommitHooks } from '../db/transactions.js';

/**
 * The operation log's hash chain (issue 49): a finished row is sealed — given the next `seq`, the previous link's hash
 * and its own — under the lock of the chain's head row, so that two instances never give two rows one place. `audit_chain_head` keeps
 * the last link (a row cut from the end shows) and where the chain starts (a deletion removes its oldest rows and
 * moves the start; its own log row names the range). `verifyChain` walks it again: `npm run audit:verify`, and the
 * operation-log page.
 */
const CHAIN_LOCK = 4_900_049;

/**
 * A link's hash, computed by PostgreSQL from the row's stored content (so sealing and checking read the same text):
 * every column an operator reads, NULL written as \N, the instant in UTC to the microsecond, the summary as jsonb text.
 */
export const linkHash = (prev: SQL, seq: SQL, of?: string): SQL => {
  // the row's columns, or those of `of` (a row source of the statement holding the same columns)
  const c = (name: string) => sql.raw(of ? `${of}.${name}` : name);
  return sql`encode(sha256(convert_to(concat_ws(chr(31),
  ${prev}, ${seq}::text, ${c('id')}::text, coalesce(${c('admin_id')}::text, '\\N'), coalesce(${c('admin_name')}, '\\N'), ${c('module')}, ${c('action')},
  ${c('method')}, coalesce(${c('target_id')}, '\\N'), ${c('summary')}::text, coalesce(${c('ip')}, '\\N'), coalesce(${c('user_agent')}, '\\N'),
  ${c('result')}, ${c('status')}::text, coalesce(${c('msg')}, '\\N'),
  to_char(${c('created_at')} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')), 'UTF8')), 'hex')`;
};

/** Seals these finished rows (in this order) onto the chain, in one transaction under the chain's lock. */
export async function sealRows(db: Db, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  if (ids.length === 1) return sealRow(db, ids[0]!);
  // work of its own: not a transaction of the request that runs it (its log row and key mark are written already)
  await withoutCommitHooks(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
      const [head] = rows<{ seq: string; hash: string }>(
        await tx.execute(sql`SELECT seq::text, hash FROM audit_chain_head WHERE id = 1 FOR UPDATE`),
      );
      let seq = Number(head!.seq);
      let prev = head!.hash;
      for (const id of ids) {
        const [r] = rows<{ hash: string }>(
          await tx.execute(sql`
            UPDATE operation_log SET seq = ${seq + 1}, prev_hash = ${prev}, hash = ${linkHash(sql`${prev}::text`, sql`${seq + 1}::bigint`)}
            WHERE id = ${id} AND seq IS NULL RETURNING hash`),
        );
        if (!r) continue; // sealed already (the sweep and the request met)
        seq += 1;
        prev = r.hash;
      }
      await tx.execute(sql`UPDATE audit_chain_head SET seq = ${seq}, hash = ${prev} WHERE id = 1`);
    }),
  );
}

/**
 * One row sealed in one statement (a call's own row, issue 64: one round trip where the transaction took six). The head's
 * row lock orders the sealers of this release: every writer of the chain takes it, and under it READ COMMITTED reads
 * the head's newest version. The advisory lock is taken too, first (`gate`, evaluated before the head's row is
 * locked, as every other writer takes it): the previous release's sealer holds only that lock while it reads the head
 * without its row lock, and a seal committed between its read and its write gave two rows one place during a rolling
 * upgrade. A release whose previous one takes the row lock (this one) may drop the advisory lock.
 */
async function sealRow(db: Db, id: number): Promise<void> {
  await withoutCommitHooks(() =>
    db.execute(sql`
      WITH gate AS (SELECT pg_advisory_xact_lock(${CHAIN_LOCK}) AS held),
      head AS (
        SELECT seq AS head_seq, hash AS head_hash FROM audit_chain_head CROSS JOIN gate WHERE id = 1 FOR UPDATE OF audit_chain_head),
      link AS (
        UPDATE operation_log SET seq = head_seq + 1, prev_hash = head_hash, hash = ${linkHash(sql`head_hash`, sql`(head_seq + 1)`)}
        FROM head WHERE operation_log.id = ${id} AND operation_log.seq IS NULL
        RETURNING operation_log.seq, operation_log.hash)
      UPDATE audit_chain_head SET seq = link.seq, hash = link.hash FROM link WHERE audit_chain_head.id = 1`),
  );
}

/**
 * A row written unfinished (its call's transaction wrote it) completed with `patch` (columns by their SQL names) and
 * sealed, in one statement (issue 64: the completion and the seal were two round trips on every operator call). The
 * hash is computed from the completed values (`v`: the stored row with the patch laid over it, typed as the table's
 * row), which are the values the UPDATE stores. False when the row is not there unsealed (nothing written then).
 */
export async function completeAndSeal(db: Db, id: number, patch: Record<string, unknown>): Promise<boolean> {
  const set = Object.keys(patch).map((name) => sql`${sql.identifier(name)} = v.${sql.identifier(name)}`);
  const r = await withoutCommitHooks(() =>
    db.execute(sql`
      WITH gate AS (SELECT pg_advisory_xact_lock(${CHAIN_LOCK}) AS held),
      head AS (
        SELECT seq AS head_seq, hash AS head_hash FROM audit_chain_head CROSS JOIN gate WHERE id = 1 FOR UPDATE OF audit_chain_head),
      v AS (
        SELECT (jsonb_populate_record(ol, ${JSON.stringify(patch)}::jsonb)).* FROM operation_log ol WHERE ol.id = ${id} AND ol.seq IS NULL),
      link AS (
        UPDATE operation_log SET ${sql.join(set, sql`, `)}, seq = head_seq + 1, prev_hash = head_hash,
               hash = ${linkHash(sql`head_hash`, sql`(head_seq + 1)`, 'v')}
        FROM head, v WHERE operation_log.id = v.id AND operation_log.seq IS NULL
        RETURNING operation_log.seq, operation_log.hash)
      UPDATE audit_chain_head SET seq = link.seq, hash = link.hash FROM link WHERE audit_chain_head.id = 1 RETURNING link.seq`),
  );
  return rows(r).length > 0;
}

/** Rows finished but never sealed (their process died between the write and the seal), older than `olderThanMs`. */
export async function sealLeftovers(db: Db, olderThanMs = 60_000): Promise<number> {
  const ids = rows<{ id: string }>(
    await db.execute(sql`
      SELECT id::text FROM operation_log WHERE seq IS NULL AND created_at < now() - make_interval(secs => ${olderThanMs / 1000})
      ORDER BY id LIMIT 5000`),
  ).map((r) => Number(r.id));
  await sealRows(db, ids);
  return ids.length;
}

export interface ChainBreak {
  /** the place in the chain where it breaks, and the row there (null: the row is gone) */
  seq: number;
  id: number | null;
  problem: 'changed' | 'missing' | 'relinked' | 'tail';
}
export interface ChainReport {
  ok: boolean;
  checked: number;
  firstSeq: number;
  lastSeq: number;
  /** rows not sealed yet (written in the last minute, or left by a process that died: the sweep seals them) */
  unsealed: number;
  broken: ChainBreak | null;
}

/** Walks the chain from its start: the first link that does not follow from the one before it, or none. */
export async function verifyChain(db: Db, batch = 5000): Promise<ChainReport> {
  const [head] = rows<{ seq: string; hash: string; first_seq: string; first_prev: string }>(
    await db.execute(sql`SELECT seq::text, hash, first_seq::text, first_prev FROM audit_chain_head WHERE id = 1`),
  );
  const [u] = rows<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM operation_log WHERE seq IS NULL`));
  const lastSeq = Number(head!.seq);
  const firstSeq = Number(head!.first_seq);
  let expect = firstSeq;
  let prev = head!.first_prev;
  let checked = 0;
  const report = (broken: ChainBreak | null): ChainReport => ({ ok: !broken, checked, firstSeq, lastSeq, unsealed: u!.n, broken });
  for (;;) {
    const page = rows<{ id: string; seq: string; prev_hash: string; hash: string; again: string }>(
      await db.execute(sql`
        SELECT id::text, seq::text, prev_hash, hash, ${linkHash(sql`prev_hash`, sql`seq`)} AS again
        FROM operation_log WHERE seq >= ${expect} ORDER BY operation_log.seq LIMIT ${batch}`),
    );
    for (const r of page) {
      const seq = Number(r.seq);
      if (seq !== expect) return report({ seq: expect, id: null, problem: 'missing' });
      if (r.prev_hash !== prev) return report({ seq, id: Number(r.id), problem: 'relinked' });
      if (r.again !== r.hash) return report({ seq, id: Number(r.id), problem: 'changed' });
      prev = r.hash;
      expect += 1;
      checked += 1;
    }
    if (page.length < batch) break;
  }
  if (expect - 1 !== lastSeq || (lastSeq >= firstSeq && prev !== head!.hash)) {
    return report({ seq: Math.min(expect, lastSeq), id: null, problem: expect - 1 < lastSeq ? 'missing' : 'tail' });
  }
  return report(null);
}

/**
 * Deletes the chain's oldest rows, those written before `before` (a prefix: the chain from the first row written at or
 * after it stays whole), and moves the chain's start past them. Returns the range, for the deleting call's own log row.
 */
export async function deleteChainPrefix(
  db: Db,
  before: Date,
): Promise<{ deleted: number; fromSeq: number | null; toSeq: number | null; lastHash: string | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [head] = rows<{ seq: string; first_seq: string }>(
      await tx.execute(sql`SELECT seq::text, first_seq::text FROM audit_chain_head WHERE id = 1 FOR UPDATE`),
    );
    const [stop] = rows<{ seq: string | null }>(
      await tx.execute(sql`SELECT min(seq)::text AS seq FROM operation_log WHERE seq IS NOT NULL AND created_at >= ${before}`),
    );
    const fromSeq = Number(head!.first_seq);
    const toSeq = (stop?.seq != null ? Number(stop.seq) : Number(head!.seq) + 1) - 1;
    if (toSeq < fromSeq) return { deleted: 0, fromSeq: null, toSeq: null, lastHash: null };
    const [last] = rows<{ hash: string }>(await tx.execute(sql`SELECT hash FROM operation_log WHERE seq = ${toSeq}`));
    const gone = rows<{ n: number }>(
      await tx.execute(
        sql`WITH gone AS (DELETE FROM operation_log WHERE seq BETWEEN ${fromSeq} AND ${toSeq} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
      ),
    )[0]!.n;
    await moveStart(tx, { fromSeq, toSeq, lastHash: last?.hash ?? '', removed: gone, reason: 'delete', months: null });
    return { deleted: gone, fromSeq, toSeq, lastHash: last?.hash ?? null };
  });
}

interface Cut {
  fromSeq: number;
  toSeq: number;
  lastHash: string;
  removed: number;
  reason: 'retention' | 'delete';
  months: string | null;
}
/** The chain now starts after the removed links; the checkpoint says what went and the hash it starts from. */
async function moveStart(tx: Db, c: Cut): Promise<void> {
  await tx.execute(sql`UPDATE audit_chain_head SET first_seq = ${c.toSeq + 1}, first_prev = ${c.lastHash} WHERE id = 1`);
  await tx.execute(sql`INSERT INTO audit_chain_cuts (from_seq, to_seq, last_hash, rows_removed, reason, months)
                       VALUES (${c.fromSeq}, ${c.toSeq}, ${c.lastHash}, ${c.removed}, ${c.reason}, ${c.months})`);
}

export interface MonthPartition {
  /** `YYYY-MM`, and the partition's table name (`operation_log_pYYYYMM`) */
  month: string;
  table: string;
  /** the month's end: the first instant after it */
  end: Date;
}

/**
 * Drops whole months of the operation log (its oldest partitions, oldest first) as far as they are a prefix of the
 * chain: every row written before the last month's end is sealed and comes before every row written after it. A row
 * written in the last minute of a month but sealed after the next month's first rows (its process died, the sweep
 * sealed it) keeps its month until the next month goes too. Returns the months dropped and the range of links.
 */
export async function dropChainMonths(
  db: Db,
  months: readonly MonthPartition[],
): Promise<{ dropped: string[]; fromSeq: number | null; toSeq: number | null; lastHash: string | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CHAIN_LOCK})`);
    const [head] = rows<{ first_seq: string }>(await tx.execute(sql`SELECT first_seq::text FROM audit_chain_head WHERE id = 1 FOR UPDATE`));
    let k = -1;
    let toSeq: number | null = null;
    for (let i = 0; i < months.length; i++) {
      const end = months[i]!.end;
      const [before] = rows<{ last: string | null; unsealed: number }>(
        await tx.execute(sql`SELECT max(seq)::text AS last, (count(*) - count(seq))::int AS unsealed
                             FROM operation_log WHERE created_at < ${end}`),
      );
      const [after] = rows<{ first: string | null }>(
        await tx.execute(sql`SELECT min(seq)::text AS first FROM operation_log WHERE created_at >= ${end} AND seq IS NOT NULL`),
      );
      if (before!.unsealed > 0) break; // not sealed yet: nothing after it can go either
      if (after!.first != null && before!.last != null && Number(before!.last) > Number(after!.first)) continue;
      k = i;
      toSeq = before!.last == null ? null : Number(before!.last);
    }
    if (k < 0) return { dropped: [], fromSeq: null, toSeq: null, lastHash: null };
    const fromSeq = Number(head!.first_seq);
    let lastHash: string | null = null;
    if (toSeq != null && toSeq >= fromSeq) {
      lastHash = rows<{ hash: string }>(await tx.execute(sql`SELECT hash FROM operation_log WHERE seq = ${toSeq}`))[0]!.hash;
    }
    const dropped = months.slice(0, k + 1);
    // names read off the catalogue by the caller, never typed by anyone
    for (const m of dropped) await tx.execute(sql.raw(`DROP TABLE IF EXISTS "${m.table}"`));
    if (lastHash == null) return { dropped: dropped.map((m) => m.month), fromSeq: null, toSeq: null, lastHash: null };
    await moveStart(tx, {
      fromSeq,
      toSeq: toSeq!,
      lastHash,
      removed: toSeq! - fromSeq + 1,
      reason: 'retention',
      months: dropped.map((m) => m.month).join(','),
    });
    return { dropped: dropped.map((m) => m.month), fromSeq, toSeq, lastHash };
  });
}
