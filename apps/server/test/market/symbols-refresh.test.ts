import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { QuoteService } from '../../src/modules/market/service.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';
import { fixedClockService } from './market.helpers.js';

// The symbol list's read is held open by the test, after it has read the table: a product added meanwhile is not in
// what it returns, and the service must read again at its next tick, not at its next 10-second refresh.
const gate = vi.hoisted(() => ({ hold: null as Promise<void> | null, reads: 0 }));
vi.mock('../../src/modules/market/store.js', async (original) => {
  const store = await original<typeof import('../../src/modules/market/store.js')>();
  return {
    ...store,
    loadSymbols: async (db: Parameters<typeof store.loadSymbols>[0]) => {
      const list = await store.loadSymbols(db);
      gate.reads++;
      if (gate.hold) await gate.hold;
      return list;
    },
  };
});

describe('a product added while the quote service reads its symbols', () => {
  let t: TestApp;
  let service: QuoteService;
  beforeAll(async () => {
    t = await createTestApp({ QUOTE_INTERVAL_MS: '60000', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00' });
    // a clock that stands still: only a change, never the refresh interval, can make it read the list again
    service = fixedClockService(t, { seed: 'refresh', intervalMs: 100 });
  });
  afterAll(async () => {
    service.stop();
    await t.close();
  });

  it('is quoted at a following tick (the change is not lost to the read in flight)', async () => {
    const admin = await signedIn(t, 'admin');
    let release!: () => void;
    gate.hold = new Promise<void>((r) => (release = r));
    // the app's own service steps aside: on PostgreSQL one service per schema ticks
    t.app.market.stop();
    const readsBefore = gate.reads;
    // start() returns after the first tick, which the gate holds: not awaited until the gate opens
    const started = service.start();
    for (let i = 0; i < 100 && gate.reads === readsBefore; i++) await sleep(20);
    expect(gate.reads, 'the first tick reads the symbols').toBeGreaterThan(readsBefore);
    // added (and announced) while that read is held: the list it returns lacks the stock
    const added = await post(t, '/admin/stock/add.do', { code: '600519', name: '贵州茅台', market: 'sh' }, { token: admin.token });
    expect(added.json().status).toBe(0);
    service.symbolsChanged();
    gate.hold = null;
    release();
    await started;
    for (let i = 0; i < 100 && !service.quote('sh600519'); i++) await sleep(20);
    expect(service.quote('sh600519')?.last, 'quoted within two seconds').toMatch(/^\d+\.\d{2}$/);
  });
});
