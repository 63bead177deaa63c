import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HISTORY_TABLES } from '../../src/db/history.js';
import { PARTY_OWNERS } from '../../src/modules/_kit/parties.js';

/**
 * Issue 63: the shared history migrations' tables are each attributed to one domain folder — every table those files
 * create is in the map, nothing else is, and the folder named declares the table in its `tables.ts`.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const HISTORY_DIR = path.join(SRC, 'db/migrations');

const created = (file: string) =>
  [...fs.readFileSync(path.join(HISTORY_DIR, file), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?([a-z_][a-z0-9_]*)/gi)].map((m) =>
    m[1]!.toLowerCase(),
  );

describe('the history migrations’ map of owners', () => {
  it('names every shared history file and every table it creates, and nothing more', () => {
    const files = fs.readdirSync(HISTORY_DIR).filter((f) => f.endsWith('.sql'));
    expect(Object.keys(HISTORY_TABLES).sort()).toEqual(files.sort());
    for (const f of files) expect(Object.keys(HISTORY_TABLES[f]!).sort(), f).toEqual(created(f).sort());
  });

  it('gives each table to a folder whose tables.ts declares it, or that owns it among the parties', () => {
    const wrong: string[] = [];
    const parties = fs.readFileSync(path.join(SRC, 'modules/_kit/parties.ts'), 'utf8');
    const declares = (text: string, table: string) => new RegExp(`pgTable\\(\\s*['"]${table}['"]`).test(text);
    for (const tables of Object.values(HISTORY_TABLES))
      for (const [table, folder] of Object.entries(tables)) {
        const file = path.join(SRC, folder, 'tables.ts');
        const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
        const party = `modules/${PARTY_OWNERS[table as keyof typeof PARTY_OWNERS]}` === folder && declares(parties, table);
        if (!declares(text, table) && !party) wrong.push(`${table} → ${folder}`);
      }
    expect(wrong).toEqual([]);
  });
});
