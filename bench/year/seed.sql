-- A year of a large platform's history (issue 51), set-based SQL in the benchmark's schema after the server's
-- migrations. Parameters substituted by run.mjs: :users, :agents (a multiple of 20), :per_user (fund records per user,
-- a multiple of 8), :days, :logs (rows of the operation log and of the sign-in log each), :password_hash.
--
-- Consistent with the ledger, so that `ledger:verify` and the daily close hold on it: each user's records run in time
-- order from a first deposit, each carrying the balances after it (a running sum), and the user's balance is the sum.
-- A quarter of the records are settlements of positions closed then — each with its closed position (P/L less sell
-- fee and stamp duty = the settlement) and the buy order that opened it — so a closed day's statement agrees with its
-- positions. The summary tables (the users' and fund records', the positions' daily volume) are rebuilt once at the
-- end instead of by the triggers, row by row.

SET synchronous_commit = off;
ALTER TABLE users DISABLE TRIGGER USER;
ALTER TABLE fund_records DISABLE TRIGGER USER;
ALTER TABLE positions DISABLE TRIGGER USER;
ALTER TABLE orders DISABLE TRIGGER USER;

-- agents: the first 5 % top level, the next 20 % below them, the rest a third level
INSERT INTO agents (id, name, real_name, phone, password_hash, invite_code, parent_id, level, path, fee_rate, deferral_rate, profit_rate)
SELECT id, '代理' || id, '代理人' || id, '139' || lpad(id::text, 8, '0'), :'password_hash', 'Y' || lpad(id::text, 6, '0'),
       CASE WHEN id <= t THEN NULL WHEN id <= s THEN 1 + (id - t - 1) % t ELSE t + 1 + (id - s - 1) % (s - t) END,
       CASE WHEN id <= t THEN 1 WHEN id <= s THEN 2 ELSE 3 END,
       CASE WHEN id <= t THEN ARRAY[id]
            WHEN id <= s THEN ARRAY[1 + (id - t - 1) % t, id]
            ELSE ARRAY[1 + (t + 1 + (id - s - 1) % (s - t) - t - 1) % t, t + 1 + (id - s - 1) % (s - t), id] END,
       0.3, 0.2, 0.1
FROM generate_series(1, :agents) AS id, LATERAL (SELECT :agents / 20 AS t, :agents / 4 AS s) k;
SELECT setval(pg_get_serial_sequence('agents', 'id'), :agents);

-- tiers: the default and two above it, whose thresholds (deposits) the recompute applies
INSERT INTO layering_tiers (id, layering_name, is_default, pay_money) VALUES (1, '普通会员', true, NULL), (2, 'VIP', false, 100000),
  (3, 'SVIP', false, 1000000);
SELECT setval(pg_get_serial_sequence('layering_tiers', 'id'), 3);

-- users: registered over the two years before the year, 1 in 10 simulated, 9 in 10 under an agent; a fifth pinned to
-- VIP and a twentieth to SVIP by the operators (the rest have no tier: the default's)
INSERT INTO users (id, phone, password_hash, nick_name, real_name, id_number_masked, account_type, agent_id,
                   user_amt, enable_amt, frozen_amt, trade_locked, login_locked, real_state, reg_time, reg_ip, online, remark,
                   layering_id, layering_pinned)
SELECT u, '13' || lpad((((u - 1)::bigint * 982451653) % 1000000000)::text, 9, '0'), :'password_hash', 'user' || u,
       (ARRAY['王','李','张','刘','陈','杨','黄','赵','吴','周'])[1 + u % 10] || (ARRAY['伟','芳','娜','敏','静','强','磊','洋'])[1 + (u / 10) % 8],
       '110***********' || lpad((u % 10000)::text, 4, '0'),
       CASE WHEN u % 10 = 3 THEN 1 ELSE 0 END,
       CASE WHEN u % 10 = 0 THEN NULL ELSE 1 + (u::bigint * 7919) % :agents END,
       0, 0, 0, false, false, CASE WHEN u % 7 = 0 THEN 0 ELSE 2 END,
       now() - (:days + 730) * interval '1 day' + u * ((730 * 86400.0 / :users) * interval '1 second'),
       '10.' || (u % 250) || '.' || (u / 250 % 250) || '.' || (1 + u % 200), false, '',
       CASE WHEN u % 20 = 1 THEN 3 WHEN u % 5 = 2 THEN 2 END, u % 20 = 1 OR u % 5 = 2
FROM generate_series(1, :users) AS u;
SELECT setval(pg_get_serial_sequence('users', 'id'), :users);

INSERT INTO stocks (code, name, market, gid, board, pinyin)
SELECT (600000 + i)::text, '年测' || i, 'sh', 'sh' || (600000 + i), 'main', 'NC'
FROM generate_series(0, 299) AS i ON CONFLICT (gid) DO NOTHING;

-- each user's records: k = 0 a first deposit, then a cycle of eight kinds; record k of every user at the same point of
-- the year (the first day of the year to yesterday), plus the user's own offset within a day
CREATE TEMP TABLE year_moves AS
SELECT u, k,
       CASE WHEN k = 0 THEN 'recharge'
            ELSE (ARRAY['withdraw','fee','sell_settlement','fee','sell_settlement','deferral_fee','recharge','manual_credit'])[1 + k % 8] END AS type,
       CASE WHEN k = 0 THEN 100000 + (u * 37) % 50000
            ELSE CASE k % 8 WHEN 0 THEN -(200 + u % 100) WHEN 1 THEN -(5 + (u + k) % 20) WHEN 3 THEN -(5 + (u + k) % 20)
                            WHEN 2 THEN ((u * k) % 2001) - 1006 WHEN 4 THEN ((u * k + 7) % 2001) - 1006
                            WHEN 5 THEN -(1 + u % 9) WHEN 6 THEN 500 + (u * k) % 1500 ELSE 1 + u % 50 END END::numeric(20, 2) AS amount,
       date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai' - :days * interval '1 day'
         + (k * (:days * 86400.0 - 7200) / :per_user) * interval '1 second' + (u % 3600) * interval '1 second' AS at
FROM generate_series(1, :users) AS u, generate_series(0, :per_user - 1) AS k;

INSERT INTO fund_records (user_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
                          user_amt_after, enable_amt_after, frozen_amt_after, reference, admin_id, note, created_at)
SELECT m.u, u.agent_id, m.type, m.amount, m.amount, m.amount, 0,
       sum(m.amount) OVER w, sum(m.amount) OVER w, 0,
       CASE WHEN m.type = 'sell_settlement' THEN 'YP' || m.u || '-' || m.k
            WHEN m.type IN ('recharge', 'withdraw') THEN 'YR' || m.u || '-' || m.k END,
       CASE WHEN m.type = 'manual_credit' THEN 1 END,
       CASE WHEN m.type = 'fee' THEN 'buy fee' END,
       m.at
FROM year_moves m JOIN users u ON u.id = m.u
WINDOW w AS (PARTITION BY m.u ORDER BY m.k)
ORDER BY m.at, m.u;

UPDATE users u SET user_amt = s.v, enable_amt = s.v
FROM (SELECT u, sum(amount) AS v FROM year_moves GROUP BY u) s WHERE u.id = s.u;

-- the positions the settlements closed (opened two hours before), and the buy orders that opened them
INSERT INTO positions (position_no, user_id, agent_id, stock_id, gid, code, stock_name, direction, shares, leverage, buy_price,
                       buy_amount, margin, buy_fee, status, sell_price, sell_fee, stamp_duty, pnl, net_pnl, close_kind,
                       opened_at, closed_at)
SELECT 'YP' || m.u || '-' || m.k, m.u, us.agent_id, s.id, s.gid, s.code, s.name, 'long', 100 * (1 + m.k % 10), 1 + m.u % 5,
       p.price, p.price * 100 * (1 + m.k % 10), round(p.price * 100 * (1 + m.k % 10) / (1 + m.u % 5), 2), 5, 'closed',
       p.price + round((m.amount + 6) / (100 * (1 + m.k % 10)), 3), 5, 1, m.amount + 6, m.amount, 'sell',
       m.at - interval '2 hours', m.at
FROM year_moves m JOIN users us ON us.id = m.u
JOIN stocks s ON s.gid = 'sh' || (600000 + (m.u + m.k) % 300)
CROSS JOIN LATERAL (SELECT (10 + (m.u + m.k) % 90)::numeric(20, 3) AS price) p
WHERE m.type = 'sell_settlement'
ORDER BY m.at;

INSERT INTO orders (order_no, kind, status, user_id, stock_id, gid, code, stock_name, direction, shares, leverage, price,
                    amount, margin, fee, position_id, fill_price, reviewed_at, created_at, updated_at)
SELECT 'YO' || substr(p.position_no, 3), 'buy', 'approved', p.user_id, p.stock_id, p.gid, p.code, p.stock_name, p.direction,
       p.shares, p.leverage, p.buy_price, p.buy_amount, p.margin, p.buy_fee, p.id, p.buy_price, p.opened_at, p.opened_at, p.opened_at
FROM positions p WHERE p.position_no LIKE 'YP%'
ORDER BY p.opened_at;

DROP TABLE year_moves;

-- the two logs, a row every few seconds over the year, in month partitions made first
SELECT log_month_partition(t, m::date)
FROM unnest(ARRAY['operation_log', 'login_log']) AS t,
     generate_series(date_trunc('month', (now() AT TIME ZONE 'Asia/Shanghai') - (:days + 1) * interval '1 day'),
                     date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai'), interval '1 month') AS m;

INSERT INTO login_log (admin_id, username, ip, user_agent, result, created_at)
SELECT 1 + i % 40, 'op' || (1 + i % 40), '10.1.' || (i % 250) || '.' || (1 + i % 200), 'Mozilla/5.0 (bench)',
       CASE WHEN i % 17 = 0 THEN 'bad_password' ELSE 'ok' END,
       now() - :days * interval '1 day' + i * ((:days * 86400.0 / :logs) * interval '1 second')
FROM generate_series(1, :logs) AS i;

-- operation-log rows, sealed onto the chain in time order as the server seals them (http/chain.ts linkHash)
INSERT INTO operation_log (admin_id, admin_name, module, action, method, target_id, summary, ip, user_agent, result, status, msg, created_at)
SELECT 1 + i % 40, 'op' || (1 + i % 40),
       (ARRAY['user','funds','trading','risk','newshares'])[1 + i % 5],
       (ARRAY['/admin/user/update.do','/admin/recharge/confirm.do','/admin/order/review.do','/admin/risk/stock/update.do','/admin/subscribe/record/allot.do'])[1 + i % 5],
       'POST', (1 + i % 100000)::text, jsonb_build_object('input', jsonb_build_object('id', 1 + i % 100000)),
       '10.2.' || (i % 250) || '.' || (1 + i % 200), 'Mozilla/5.0 (bench)', CASE WHEN i % 23 = 0 THEN 'fail' ELSE 'ok' END,
       CASE WHEN i % 23 = 0 THEN 1 ELSE 0 END, CASE WHEN i % 23 = 0 THEN '状态已变化' ELSE '操作成功' END,
       now() - :days * interval '1 day' + i * ((:days * 86400.0 / :logs) * interval '1 second')
FROM generate_series(1, :logs) AS i;

ALTER TABLE users ENABLE TRIGGER USER;
ALTER TABLE fund_records ENABLE TRIGGER USER;
ALTER TABLE positions ENABLE TRIGGER USER;
ALTER TABLE orders ENABLE TRIGGER USER;
SELECT rebuild_user_stats();
SELECT rebuild_position_stats();
SELECT rebuild_tier_stats();
