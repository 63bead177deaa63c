import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A domain writes only its own tables; what it needs changed elsewhere it asks of the owner's service
// (docs/architecture.md). Reads may join other domains' tables — a list's SQL joins users for the phone and the
// agent scope — but a write into another domain's table is a decision, listed below with its reason. The money
// library (src/ledger) writes users' balances and fund_records for every domain; it is not a domain.

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Each table's owning domain (`modules/<domain>`). Summaries kept by triggers are the owner's too. */
const OWNER: Record<string, string> = {
  admins: 'admins',
  admin_avatars: 'account',
  sms_codes: 'admins',
  admin_roles: 'roles',
  admin_role_permissions: 'roles',
  admin_sessions: 'session',
  login_log: 'session',
  operation_log: 'logs',
  sms_log: 'logs',
  push_log: 'logs',
  site_config: 'account',
  ios_push_settings: 'account',
  scheduled_tasks: 'tasks',
  scheduled_task_runs: 'tasks',
  agreement_templates: 'agreements',
  agreement_template_versions: 'agreements',
  user_agreements: 'agreements',
  block_products: 'blocktrade',
  block_requests: 'blocktrade',
  block_key_failures: 'blocktrade',
  site_images: 'content',
  articles: 'content',
  banners: 'content',
  activities: 'content',
  pay_channels: 'channels',
  layering_tiers: 'channels',
  channel_layering: 'channels',
  pay_settings: 'funds',
  recharge_orders: 'funds',
  withdrawals: 'funds',
  newshare_issues: 'newshares',
  newshare_subscriptions: 'newshares',
  stocks: 'products',
  index_products: 'products',
  quotes: 'market',
  risk_settings: 'risk',
  spread_rules: 'risk',
  station_messages: 'messages',
  station_message_recipients: 'messages',
  msg_templates: 'messages',
  message_sends: 'messages',
  message_deliveries: 'messages',
  user_devices: 'messages',
  positions: 'trading',
  orders: 'trading',
  order_events: 'trading',
  trading_debts: 'trading',
  position_snapshots: 'trading',
  agents: 'agents',
  users: 'users',
  user_banks: 'users',
  uploads: 'users',
  user_sessions: 'platform',
  user_login_log: 'platform',
  fund_records: 'fundrecords',
  // summaries kept by triggers in the writing transaction
  user_counts: 'users',
  user_reg_days: 'users',
  user_balances: 'users',
  fund_stats: 'fundrecords',
  fund_stats_day: 'fundrecords',
  fund_stats_all: 'fundrecords',
  fund_stats_hour: 'fundrecords',
};

/** Writes into another domain's table that stand, as `domain → table`, each with why. */
const ALLOWED: Record<string, string> = {
  'account → admins': "the signed-in admin's own profile, password and authenticator (个人设置) on the admins row",
  'session → admins': 'sign-in keeps the failure count, lock and last sign-in on the admins row; cleanup drops lapsed requests',
  'session → sms_codes': 'the session cleanup job drops day-old codes',
  'admins → admin_roles': 'an approved registration creates its agent role in the same transaction as the account',
  'admins → admin_role_permissions': 'the same: the new role gets the agent grants',
  'channels → users': "a user's layering tier (users.layering_id) is placed by the tier recompute and pinned by operators",
  'platform → users': "the platform user's own profile, password and sign-in state",
  'users → fund_records': 'demo data only (seed.ts): spreads the seeded records over past days',
};

const schemaTables = new Map<string, string>();
for (const f of fs.readdirSync(path.join(src, 'db/schema'))) {
  const s = fs.readFileSync(path.join(src, 'db/schema', f), 'utf8');
  for (const m of s.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) schemaTables.set(m[1]!, m[2]!);
}
const tableNames = new Set(schemaTables.values());

/** `domain → table` for every write found in a module's source: Drizzle's insert/update/delete and raw SQL. */
function writesOf(file: string, domain: string): string[] {
  const s = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of s.matchAll(/\.(?:insert|update|delete)\((\w+)\)/g)) {
    const table = schemaTables.get(m[1]!);
    if (table) out.push(`${domain} → ${table}`);
  }
  for (const m of s.matchAll(/\b(?:INSERT INTO|UPDATE|DELETE FROM)\s+(\w+)/g)) if (tableNames.has(m[1]!)) out.push(`${domain} → ${m[1]}`);
  return out;
}

function moduleWrites(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts')) {
        const domain = path.relative(path.join(src, 'modules'), p).split(path.sep)[0]!;
        for (const w of writesOf(p, domain)) found.set(w, [...(found.get(w) ?? []), path.relative(src, p)]);
      }
    }
  };
  walk(path.join(src, 'modules'));
  return found;
}

describe('domain boundaries', () => {
  it('knows the owner of every table of the schema', () => {
    expect([...tableNames].filter((t) => !OWNER[t])).toEqual([]);
    const domains = fs.readdirSync(path.join(src, 'modules'));
    expect([...new Set(Object.values(OWNER))].filter((d) => !domains.includes(d))).toEqual([]);
  });

  it('finds writes in module sources (Drizzle and raw SQL), so that the check below can fail', () => {
    const w = moduleWrites();
    expect(w.get('trading → positions')).toBeDefined(); // Drizzle
    expect(w.get('channels → users')).toEqual(expect.arrayContaining(['modules/channels/layering.ts'])); // raw SQL
    expect(writesOf(path.join(src, 'modules/funds/withdraw.ts'), 'funds')).toContain('funds → withdrawals');
  });

  it("writes no other domain's table, except the listed decisions", () => {
    const foreign = [...moduleWrites()].filter(([w]) => {
      const [domain, table] = w.split(' → ') as [string, string];
      return OWNER[table] !== domain && !ALLOWED[w];
    });
    expect(foreign.map(([w, files]) => `${w} (${[...new Set(files)].join(', ')})`)).toEqual([]);
  });

  it('lists no allowance that is no longer used', () => {
    const w = moduleWrites();
    expect(Object.keys(ALLOWED).filter((k) => !w.has(k))).toEqual([]);
  });
});
