-- Bulk data for the user-list benchmark: 100 agents (10 top agents, 3 sub-agents each, 2 below each
-- of those), :users end users and 5 fund records per user (:users × 5), generated in SQL (no API).
-- Runs inside the benchmark schema (search_path) after the server's migrations. The balances equal
-- the sums of the records and every record carries the balances after it, so `npm run ledger:verify`
-- passes on this data too.
--
-- Parameters are substituted by run.mjs: :users, :password_hash.

SET synchronous_commit = off;
-- The summary tables (user_counts, fund_stats) are rebuilt once at the end instead of by the triggers row batch by row batch.
ALTER TABLE users DISABLE TRIGGER USER;
ALTER TABLE fund_records DISABLE TRIGGER USER;

-- agents 1..10 top, 11..40 level 2 (parent 1 + (id-11)/3), 41..100 level 3 (parent 11 + (id-41)/2)
INSERT INTO agents (id, name, real_name, phone, password_hash, invite_code, parent_id, level, path, fee_rate, deferral_rate, profit_rate)
SELECT id,
       'Agent ' || id, 'Agent person ' || id, '139' || lpad(id::text, 8, '0'), :'password_hash', 'B' || lpad(id::text, 5, '0'),
       CASE WHEN id <= 10 THEN NULL WHEN id <= 40 THEN 1 + (id - 11) / 3 ELSE 11 + (id - 41) / 2 END,
       CASE WHEN id <= 10 THEN 1 WHEN id <= 40 THEN 2 ELSE 3 END,
       CASE WHEN id <= 10 THEN ARRAY[id]
            WHEN id <= 40 THEN ARRAY[1 + (id - 11) / 3, id]
            ELSE ARRAY[1 + (11 + (id - 41) / 2 - 11) / 3, 11 + (id - 41) / 2, id] END,
       0.3, 0.2, 0.1
FROM generate_series(1, 100) AS id;
SELECT setval(pg_get_serial_sequence('agents', 'id'), 100);

-- per-user amounts: a0 recharge, a1 fee, a2 withdrawal, a3 transfer in / manual credit, a4 deferral fee
CREATE TEMP TABLE bench_amounts AS
SELECT u,
       (1000 + (u * 37) % 99000)::numeric(20,2) AS a0,
       -(5 + u % 20)::numeric(20,2) AS a1,
       -round((1000 + (u * 37) % 99000) * 0.1, 2)::numeric(20,2) AS a2,
       (1 + u % 500)::numeric(20,2) AS a3,
       -(1 + u % 9)::numeric(20,2) AS a4,
       CASE WHEN u % 10 = 0 THEN NULL ELSE 1 + (u::bigint * 7919) % 100 END::int AS agent
FROM generate_series(1, :users) AS u;

INSERT INTO users (id, phone, password_hash, nick_name, real_name, id_number_masked, account_type, agent_id,
                   user_amt, enable_amt, frozen_amt, trade_locked, login_locked, real_state, real_submitted_at,
                   reg_time, reg_ip, layering_id, online, remark)
SELECT a.u,
       -- a bijection of 0..999,999,999 (982451653 is prime): unique phones, unrelated to the id order
       '13' || lpad((((a.u - 1)::bigint * 982451653) % 1000000000)::text, 9, '0'),
       :'password_hash',
       'user' || a.u,
       (ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周','徐','孙','马','朱','胡','郭','何','高','林','罗'])[1 + a.u % 20]
         || (ARRAY['伟','芳','娜','敏','静','强','磊','洋','艳','勇','军','杰','娟','涛','明','超','秀英','霞','平','刚','桂英','建华','晓东','志强'])[1 + (a.u / 20) % 24],
       '110***********' || lpad((a.u % 10000)::text, 4, '0'),
       CASE WHEN a.u % 10 = 3 THEN 1 ELSE 0 END,
       a.agent,
       a.a0 + a.a1 + a.a2 + a.a3 + a.a4, a.a0 + a.a1 + a.a2 + a.a3 + a.a4, 0,
       a.u % 89 = 0, a.u % 97 = 0,
       CASE WHEN a.u % 50 = 7 THEN 1 WHEN a.u % 7 = 0 THEN 0 WHEN a.u % 23 = 0 THEN 3 ELSE 2 END,
       timestamptz '2022-01-01 00:00:00+08' + a.u * interval '90 seconds',
       timestamptz '2022-01-01 00:00:00+08' + a.u * interval '90 seconds',
       '10.' || (a.u % 250) || '.' || (a.u / 250 % 250) || '.' || (1 + a.u % 200),
       NULL,
       a.u % 1000 = 0,
       ''
FROM bench_amounts a;
SELECT setval(pg_get_serial_sequence('users', 'id'), :users);

-- 5 records per user, k-major so that ids follow time; balances after each record are the running sums.
INSERT INTO fund_records (user_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
                          user_amt_after, enable_amt_after, frozen_amt_after, reference, admin_id, note, created_at)
SELECT a.u, a.agent,
       CASE k WHEN 0 THEN 'recharge' WHEN 1 THEN 'fee' WHEN 2 THEN 'withdraw'
              WHEN 3 THEN (CASE WHEN a.u % 2 = 0 THEN 'transfer_in' ELSE 'manual_credit' END) ELSE 'deferral_fee' END,
       d.amt, d.amt, d.amt, 0,
       d.after, d.after, 0,
       CASE k WHEN 0 THEN 'RC' || a.u WHEN 2 THEN 'WD' || a.u ELSE NULL END,
       CASE WHEN k = 3 AND a.u % 2 = 1 THEN 1 ELSE NULL END,
       CASE k WHEN 1 THEN 'trading fee' ELSE NULL END,
       timestamptz '2024-01-01 00:00:00+08' + (k * :users + a.u) * interval '6 seconds'
FROM generate_series(0, 4) AS k
CROSS JOIN bench_amounts a
CROSS JOIN LATERAL (
  SELECT CASE k WHEN 0 THEN a.a0 WHEN 1 THEN a.a1 WHEN 2 THEN a.a2 WHEN 3 THEN a.a3 ELSE a.a4 END AS amt,
         a.a0 + CASE WHEN k >= 1 THEN a.a1 ELSE 0 END + CASE WHEN k >= 2 THEN a.a2 ELSE 0 END
              + CASE WHEN k >= 3 THEN a.a3 ELSE 0 END + CASE WHEN k >= 4 THEN a.a4 ELSE 0 END AS after
) d
ORDER BY k, a.u;

DROP TABLE bench_amounts;

ALTER TABLE users ENABLE TRIGGER USER;
ALTER TABLE fund_records ENABLE TRIGGER USER;
SELECT rebuild_user_stats();
SELECT rebuild_tier_stats();
