import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/modules/index.js';

// A domain writes only its own tables; what it needs changed elsewhere it asks of the owner's service
// (docs/architecture.md). Reads may join other domains' tables — a list's SQL joins users for the phone and the
// agent scope — but a write into another domain's table is a decision, listed below with its reason. The money
// library (src/ledger) writes users' balances and fund_records for every domain; it is not a domain.

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Each table's owning domain (`modules/<domain>`). Summaries kept by triggers are the owner's too. */
/** Each table's owning domain, from the manifests' `tables` (summaries kept by triggers are the owner's too). */
const OWNER: Record<string, string> = Object.fromEntries(DOMAINS.flatMap((d) => (d.tables ?? []).map((table) => [table, d.name])));

/** Writes into another domain's table that stand, as `domain → table`, each with why. */
/** Writes into another domain's table that stand, as `domain → table`, each with why: the manifests' `alsoWrites`. */
const ALLOWED: Record<string, string> = Object.fromEntries(
  DOMAINS.flatMap((d) => Object.entries(d.alsoWrites ?? {}).map(([table, why]) => [`${d.name} → ${table}`, why])),
);

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
