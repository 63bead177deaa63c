// Positions for the trading benchmark, added to the user-list benchmark's schema (1,000,000 users, seeded by
// bench/user-list/seed.mjs when missing): 300 stocks with quotes and 200,000 open positions spread over the
// users, generated in SQL. Idempotent: skipped when the positions are there. Usage (repository root):
//   node --import tsx bench/positions/seed.mjs
// The positions carry no fund records (their margins were never moved through the ledger): `ledger:verify`
// is not meant to pass on this schema after it. Their owners' balances do keep the ledger's invariant (equity =
// free cash + held + open margins, docs/architecture.md), as the service's own buys leave them: a close refuses to
// take from equity what it does not hold, and a sweep that met such users measured their refusals.
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PG_URL, SCHEMA, schemaUrl, seed as seedUsers } from '../user-list/seed.mjs';

export const STOCKS = 300;
export const POSITIONS = 200_000;
export const USERS = 1_000_000;

/** `users` and `positions`: a smaller data set for a smoke run (bench/smoke.mjs); the figures use the defaults. */
export async function seedPositions({ users: USERS_N = USERS, positions: POSITIONS_N = POSITIONS } = {}) {
  const c0 = new pg.Client({ connectionString: PG_URL });
  await c0.connect();
  const { rows } = await c0.query(`SELECT to_regclass($1) AS t`, [`${SCHEMA}.users`]);
  const users = rows[0].t ? Number((await c0.query(`SELECT count(*) AS n FROM "${SCHEMA}".users`)).rows[0].n) : 0;
  await c0.end();
  if (users < USERS_N) await seedUsers(USERS_N);

  const c = new pg.Client({ connectionString: schemaUrl() });
  await c.connect();
  try {
    const have = Number((await c.query(`SELECT count(*) AS n FROM positions WHERE position_no LIKE 'BP%'`)).rows[0].n);
    if (have >= POSITIONS_N) {
      // a schema seeded before the balances were kept (2026-11-26), or changed by a run's arrangement
      await keepEquity(c);
      // statistics as fresh as a running database's autovacuum keeps them (the plans depend on them)
      for (const table of ['positions', 'stocks', 'quotes']) await c.query(`ANALYZE ${table}`);
      return { positions: have, ms: 0 };
    }
    const t0 = Date.now();
    await c.query(`SET synchronous_commit = off; SET work_mem = '256MB'`);
    await c.query('BEGIN');
    await c.query(`DELETE FROM positions WHERE position_no LIKE 'BP%'`);
    await c.query(`DELETE FROM quotes WHERE gid LIKE 'sh6002%' OR gid LIKE 'sh6001%' OR gid LIKE 'sh6000%'`);
    await c.query(`DELETE FROM stocks WHERE gid LIKE 'sh600%' AND name LIKE '基准%'`);
    await c.query(`
      INSERT INTO stocks (code, name, market, gid, board, pinyin)
      SELECT lpad((600000 + i)::text, 6, '0'), '基准' || i, 'sh', 'sh' || (600000 + i), 'main', 'JZ'
      FROM generate_series(0, ${STOCKS - 1}) AS i
      ON CONFLICT (gid) DO NOTHING`);
    await c.query(`
      INSERT INTO quotes (gid, last, prev_close, change_pct, trading_day)
      SELECT gid, (10 + (id % 90))::numeric, (10 + (id % 90))::numeric, 0, NULL FROM stocks WHERE name LIKE '基准%'
      ON CONFLICT (gid) DO UPDATE SET last = excluded.last, prev_close = excluded.prev_close`);
    // position i: user 1 + (i × 4999) mod 1,000,000 (a spread, not the first users), one of the 300 stocks,
    // long 9 in 10, leverage 1–10, bought within ±5 % of the previous close
    await c.query(`
      WITH s AS (SELECT row_number() OVER (ORDER BY id) - 1 AS k, id, gid, code, name FROM stocks WHERE name LIKE '基准%'),
           p AS (
             SELECT i, 1 + ((i::bigint * 4999) % ${USERS_N})::int AS user_id, s.*, (100 * (1 + i % 20))::int AS shares, (1 + i % 10) AS leverage,
                    round((10 + (s.id % 90)) * (0.95 + (i % 11) / 100.0), 2) AS price
             FROM generate_series(1, ${POSITIONS_N}) AS i JOIN s ON s.k = i % ${STOCKS})
      INSERT INTO positions (position_no, user_id, stock_id, gid, code, stock_name, direction, shares, leverage, buy_price,
                             buy_amount, margin, buy_fee, status, opened_at)
      SELECT 'BP' || lpad(i::text, 8, '0'), user_id, id, gid, code, name, CASE WHEN i % 10 = 0 THEN 'short' ELSE 'long' END,
             shares, leverage, price, round(price * shares, 2), round(price * shares / leverage, 2), 5,
             'open', now() - i * interval '7 seconds'
      FROM p`);
    await keepEquity(c);
    await c.query('COMMIT');
    for (const table of ['positions', 'stocks', 'quotes']) await c.query(`VACUUM ANALYZE ${table}`);
    const n = Number((await c.query(`SELECT count(*) AS n FROM positions WHERE status = 'open'`)).rows[0].n);
    console.log(`seeded ${n} open positions over ${STOCKS} stocks in ${Date.now() - t0} ms`);
    return { positions: n, ms: Date.now() - t0 };
  } catch (e) {
    await c.query('ROLLBACK').catch(() => undefined);
    throw e;
  } finally {
    await c.end();
  }
}

/** Every owner of open positions: equity = free cash + held + their margins (only the users it does not hold for). */
async function keepEquity(c) {
  const r = await c.query(`
    UPDATE users u SET user_amt = u.enable_amt + u.frozen_amt + m.margins
    FROM (SELECT user_id, sum(margin) AS margins FROM positions WHERE status = 'open' GROUP BY user_id) m
    WHERE u.id = m.user_id AND u.user_amt <> u.enable_amt + u.frozen_amt + m.margins`);
  if (r.rowCount) console.log(`positions seed: equity of ${r.rowCount} users set to free cash + held + open margins`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await seedPositions();
