import { describe, expect, it } from 'vitest';
import { BadgeStatus, COUNTER_KEYS, COUNTER_PERMISSION, LIVE_EVENTS, ROUTED_EVENTS, SOCKET_EVENTS, BADGE_EVENTS } from '../src/index.js';

describe('LIVE_EVENTS', () => {
  it('has one row per routed socket event (every event but KICKOUT_ANOTHER)', () => {
    expect([...ROUTED_EVENTS].sort()).toEqual(SOCKET_EVENTS.filter((t) => t !== 'KICKOUT_ANOTHER').sort());
  });

  it('moves each header counter from exactly one event, and derives who may read it', () => {
    for (const key of COUNTER_KEYS) {
      const movers = ROUTED_EVENTS.filter((t) => (LIVE_EVENTS[t] as { counter?: string }).counter === key);
      expect(movers, key).toHaveLength(1);
      expect(COUNTER_PERMISSION[key]).toBe(LIVE_EVENTS[movers[0]!].permission);
    }
    expect(COUNTER_PERMISSION).toEqual({
      '2': 'withdrawallist',
      '19': 'financing',
      '20': 'financing',
      '21': 'userlist',
      '22': 'contract',
      idVerify: 'userlist',
      recharge: 'rechargelist',
    });
  });

  it('gives every badge status code one event, in code order, whose counter is that code', () => {
    expect(BADGE_EVENTS.map((t) => (LIVE_EVENTS[t] as { badge?: number }).badge)).toEqual(Object.values(BadgeStatus).sort((a, b) => a - b));
    for (const t of BADGE_EVENTS) {
      const def = LIVE_EVENTS[t] as { badge?: number; counter?: string };
      expect(def.counter).toBe(String(def.badge));
    }
  });
});
