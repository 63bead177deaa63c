import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOMAINS } from '../../src/modules/index.js';
import { PARTY_OWNERS } from '../../src/modules/_kit/parties.js';

// A domain writes only its own tables; what it needs changed elsewhere it asks of the owner's service
// (docs/architecture.md). Reads may join other domains' tables — a list's SQL joins users for the phone and the
// agent scope — but a write into another domain's table is a decision, listed in its manifest with its reason. The
// ledger (modules/fundrecords/ledger) writes users' balances for every domain: fundrecords lists that write.

const src = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Every table file: a domain's modules/<domain>/tables.ts, and the route wrapper's http/tables.ts. */
const tableFiles = fs
  .readdirSync(src, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name === 'tables.ts')
  .map((e) => path.relative(src, path.join(e.parentPath, e.name)));

/**
 * Each table's owner: the folder that declares it (summaries kept by triggers are the owner's too), or for the parties'
 * tables, declared in the kit under every domain, the domain PARTY_OWNERS names.
 */
const OWNER: Record<string, string> = {};
const schemaTables = new Map<string, string>();
const PARTIES = path.join('modules', '_kit', 'parties.ts');
for (const f of [...tableFiles, PARTIES]) {
  const folder = f.startsWith(`modules${path.sep}`) ? f.split(path.sep)[1]! : f.split(path.sep)[0]!;
  for (const m of fs.readFileSync(path.join(src, f), 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
    const owner = f === PARTIES ? PARTY_OWNERS[m[2]! as keyof typeof PARTY_OWNERS] : folder;
    if (!owner) throw new Error(`${m[2]} is declared in the kit without an owner in PARTY_OWNERS`);
    schemaTables.set(m[1]!, m[2]!);
    if (OWNER[m[2]!] && OWNER[m[2]!] !== owner) throw new Error(`${m[2]} is declared by ${OWNER[m[2]!]} and ${owner}`);
    OWNER[m[2]!] = owner;
  }
}

/** Writes into another domain's table that stand, as `domain → table`, each with why. */
/** Writes into another domain's table that stand, as `domain → table`, each with why: the manifests' `alsoWrites`. */
const ALLOWED: Record<string, string> = Object.fromEntries(
  DOMAINS.flatMap((d) => Object.entries(d.alsoWrites ?? {}).map(([table, why]) => [`${d.name} → ${table}`, why])),
);

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
  it('knows the owner of every table: the domain (or the route wrapper) whose folder declares it', () => {
    expect(tableFiles.every((f) => f === path.join('http', 'tables.ts') || /^modules[/\\]\w+[/\\]tables\.ts$/.test(f))).toBe(true);
    const domains = DOMAINS.map((d) => d.name);
    expect([...new Set(Object.values(OWNER))].filter((d) => d !== 'http' && !domains.includes(d))).toEqual([]);
    expect(OWNER.users).toBe('users');
    expect(OWNER.admin_roles).toBe('roles');
    expect(Object.keys(PARTY_OWNERS).every((t) => OWNER[t] === PARTY_OWNERS[t as keyof typeof PARTY_OWNERS])).toBe(true);
    expect(OWNER.fund_records).toBe('fundrecords');
    expect(OWNER.operation_log).toBe('http');
    expect(Object.keys(OWNER).length).toBeGreaterThan(60);
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
