import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOMAIN_ORDER } from '../../src/modules/order.mjs';

/**
 * The domains' one order (issue 63, modules/order.mjs), read from the sources themselves rather than from eslint's
 * configuration: every domain folder has its place, and each import of another domain's public entry points down.
 */
const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/modules');
const domains = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== '_kit')
  .map((d) => d.name);
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sources(p) : e.name.endsWith('.ts') ? [p] : [];
  });

/** [from domain, to domain, file] of every import or re-export of another domain other than its tables.ts. */
function calls(): [string, string, string][] {
  const out: [string, string, string][] = [];
  for (const d of domains)
    for (const file of sources(path.join(MODULES, d))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)) {
        const target = path.relative(MODULES, path.resolve(path.dirname(file), m[1]!)).split(path.sep);
        if (!domains.includes(target[0]!) || target[0] === d || /^tables(\.js)?$/.test(target.at(-1)!)) continue;
        out.push([d, target[0]!, path.relative(MODULES, file)]);
      }
    }
  return out;
}

describe("the domains' order", () => {
  it('places every domain once', () => {
    expect([...DOMAIN_ORDER].sort()).toEqual([...domains].sort());
    expect(new Set(DOMAIN_ORDER).size).toBe(DOMAIN_ORDER.length);
  });

  it('has every call between domains point down (so there is no cycle), the money path at the bottom', () => {
    const place = new Map(DOMAIN_ORDER.map((d, i) => [d, i]));
    const found = calls();
    expect(found.length).toBeGreaterThan(20);
    expect(found.filter(([from, to]) => place.get(to)! > place.get(from)!).map(([from, to, file]) => `${file}: ${from} → ${to}`)).toEqual(
      [],
    );
    // the ledger calls no domain; trading calls the ledger; corporate actions call trading and the ledger, and define
    // their guards with dual control's; dual control calls only the session (who the maker is now)
    const of = (d: string) => new Set(found.filter(([from]) => from === d).map(([, to]) => to));
    expect([...of('fundrecords')]).toEqual([]);
    expect(of('trading').has('fundrecords')).toBe(true);
    expect([...of('corpactions')].sort()).toEqual(['approvals', 'fundrecords', 'market', 'risk', 'trading']);
    expect([...of('approvals')]).toEqual(['session']);
    // every domain with a guarded endpoint reaches the gate through its own imports (no hook in the request context)
    for (const d of ['users', 'agents', 'admins', 'roles', 'logs', 'risk', 'close', 'trading', 'newshares', 'funds', 'corpactions'])
      expect(of(d).has('approvals'), d).toBe(true);
  });
});
