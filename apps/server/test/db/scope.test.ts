import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scopedValue } from '../../src/db/scope.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('the call scope (db/scope.ts)', () => {
  it('keeps each value to the run that set it, across awaits, beside the other keys', async () => {
    const a = scopedValue<string>('a');
    const b = scopedValue<number>('b');
    expect(a.get()).toBeUndefined();
    await a.run('outer', async () => {
      await tick();
      expect(a.get()).toBe('outer');
      await b.run(1, async () => {
        await tick();
        expect([a.get(), b.get()]).toEqual(['outer', 1]);
        await a.run('inner', async () => {
          await tick();
          expect([a.get(), b.get()]).toEqual(['inner', 1]);
        });
        expect([a.get(), b.get()]).toEqual(['outer', 1]);
        await a.exit(async () => {
          await tick();
          expect([a.get(), b.get()]).toEqual([undefined, 1]);
        });
      });
      expect(b.get()).toBeUndefined();
    });
    expect(a.get()).toBeUndefined();
  });

  it('keeps two calls running at once apart', async () => {
    const v = scopedValue<number>('v');
    const seen = await Promise.all(
      [1, 2, 3].map((n) =>
        v.run(n, async () => {
          await tick();
          await tick();
          return v.get();
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3]);
  });

  it('is the only AsyncLocalStorage of the server: each further one costs every promise of the process', () => {
    const src = path.resolve(import.meta.dirname, '../../src');
    const makers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && /new AsyncLocalStorage\b/.test(fs.readFileSync(p, 'utf8'))) makers.push(path.relative(src, p));
      }
    };
    walk(src);
    expect(makers).toEqual([path.join('db', 'scope.ts')]);
  });
});
