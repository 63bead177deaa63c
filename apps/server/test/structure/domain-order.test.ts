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

/** The folder of modules/ each import or re-export of a file in `folder` names, other than its own, with the file. */
function importsOf(folder: string): { to: string; file: string; table: boolean }[] {
  const out: { to: string; file: string; table: boolean }[] = [];
  for (const file of sources(path.join(MODULES, folder))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)) {
      const target = path.relative(MODULES, path.resolve(path.dirname(file), m[1]!)).split(path.sep);
      if (target.length < 2 || target[0] === '..' || target[0] === folder) continue;
      out.push({ to: target[0]!, file: path.relative(MODULES, file), table: /^tables(\.js)?$/.test(target.at(-1)!) });
    }
  }
  return out;
}

/** [from domain, to domain, file] of every import or re-export of another domain: its calls, and its tables read. */
const imports = (): [string, string, string, boolean][] =>
  domains.flatMap((d) =>
    importsOf(d)
      .filter((i) => domains.includes(i.to))
      .map((i) => [d, i.to, i.file, i.table] as [string, string, string, boolean]),
  );
const calls = () => imports().filter(([, , , table]) => !table);

describe("the domains' order", () => {
  it('places every domain once', () => {
    expect([...DOMAIN_ORDER].sort()).toEqual([...domains].sort());
    expect(new Set(DOMAIN_ORDER).size).toBe(DOMAIN_ORDER.length);
  });

  it('has every import between domains point down, calls and tables read alike (so there is no cycle)', () => {
    const place = new Map(DOMAIN_ORDER.map((d, i) => [d, i]));
    const found = imports();
    expect(found.filter(([, , , table]) => table).length).toBeGreaterThan(10);
    expect(
      found
        .filter(([from, to]) => place.get(to)! > place.get(from)!)
        .map(([from, to, file, table]) => `${file}: ${from} → ${to}${table ? ' (tables)' : ''}`),
    ).toEqual([]);
  });

  it('has the kit import no domain: the parties that agent scoping joins are declared in it', () => {
    expect(
      importsOf('_kit')
        .filter((i) => i.to !== '_kit')
        .map((i) => `${i.file} → ${i.to}`),
    ).toEqual([]);
  });

  it("puts the money path at the bottom and the gate in every guarded domain's own imports", () => {
    const found = calls();
    expect(found.length).toBeGreaterThan(20);
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
