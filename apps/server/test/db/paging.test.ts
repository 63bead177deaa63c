import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { describe, expect, it } from 'vitest';
import { keysetBatches, onePage } from '../../src/db/paging.js';
import { operationLog } from '../../src/http/tables.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('paging (db/paging.ts)', () => {
  it('onePage: LIMIT pageSize OFFSET (pageNum − 1) · pageSize on the query as ordered', () => {
    const db = drizzle.mock();
    const q = onePage(db.select().from(operationLog).orderBy(desc(operationLog.id)).$dynamic(), { pageNum: 3, pageSize: 20 }).toSQL();
    expect(q.sql).toMatch(/order by "operation_log"\."id" desc limit \$1 offset \$2$/);
    expect(q.params).toEqual([20, 40]);
    // page 1: drizzle leaves out an offset of 0
    expect(onePage(db.select().from(operationLog).$dynamic(), { pageNum: 1, pageSize: 10 }).toSQL().sql).toMatch(/limit \$1$/);
  });

  it('keysetBatches: each batch after the last key of the one before, to a short batch or the cap', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => 25 - i); // newest first
    const asked: (number | undefined)[] = [];
    const fetch = async (before: number | undefined, n: number) => {
      asked.push(before);
      return ids.filter((id) => before === undefined || id < before).slice(0, n);
    };
    const all: number[][] = [];
    for await (const b of keysetBatches(fetch, (id) => id, { size: 10 })) all.push(b);
    expect(all.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(all.flat()).toEqual(ids);
    expect(asked).toEqual([undefined, 16, 6]);

    const capped: number[] = [];
    for await (const b of keysetBatches(fetch, (id) => id, { size: 10, max: 12 })) capped.push(...b);
    expect(capped).toEqual(ids.slice(0, 12));
    // an exact multiple ends on the empty batch after it
    const twenty = ids.slice(0, 20);
    const sizes: number[] = [];
    for await (const b of keysetBatches(
      async (before: number | undefined, n: number) => twenty.filter((id) => before === undefined || id < before).slice(0, n),
      (id) => id,
      { size: 10 },
    ))
      sizes.push(b.length);
    expect(sizes).toEqual([10, 10]);
  });

  it('is the one paging path: no list pages by hand on either side', () => {
    const grep = (dir: string, re: RegExp) =>
      fs
        .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
        .flatMap((e) => {
          const file = path.join(e.parentPath, e.name);
          return fs.readFileSync(file, 'utf8').match(re) ? [path.relative(root, file)] : [];
        });
    expect(grep('apps/server/src/modules', /\.offset\(/)).toEqual([]);
    expect(grep('apps/server/src', /\.offset\(/)).toEqual(['apps/server/src/db/paging.ts']);
    // the console maps ProTable's page in lib/proTable.ts (pageOf) only
    expect(grep('apps/console/src', /params\.current|current \?\? 1/)).toEqual(['apps/console/src/lib/proTable.ts']);
  });
});
