import { describe, expect, it } from 'vitest';
import { isoTimestamp } from '../../src/db/timestamps.js';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client.js';

const viaDate = (v: string | Date) => new Date(v).toISOString();

describe('isoTimestamp', () => {
  it('gives what Date gives for PostgreSQL texts of every fraction length, zone and edge', () => {
    const texts = [
      '2026-11-21 19:40:04+00',
      '2026-11-21 19:40:04.2+00',
      '2026-11-21 19:40:04.22+00',
      '2026-11-21 19:40:04.224+00',
      '2026-11-21 19:40:04.2249+00',
      '2026-11-21 19:40:04.22499+00',
      '2026-11-21 19:40:04.224999+00',
      '2026-11-21 23:59:59.999999+00',
      '2000-02-29 00:00:00+00',
      '1999-12-31 23:59:59.5+00',
      '2026-11-21 19:40:04.22+08',
      '2026-11-21 19:40:04+05:30',
      '2026-11-21 19:40:04.1-03',
      '2026-11-21T19:40:04.123Z',
      '0999-01-01 00:00:00+00',
    ];
    for (const t of texts) expect([t, isoTimestamp(t)]).toEqual([t, viaDate(t)]);
    const d = new Date('2026-01-02T03:04:05.678Z');
    expect(isoTimestamp(d)).toBe('2026-01-02T03:04:05.678Z');
    expect(isoTimestamp(null)).toBeNull();
    expect(isoTimestamp(undefined)).toBeNull();
    // not PostgreSQL's form: Date's verdict (here: invalid), not a rewrite
    for (const bad of ['2026-11-21 19:40:04x123+00', '2026-11-21 19:40:04.12a+00', '2026-11-21 19:4a:04+00']) {
      expect(() => isoTimestamp(bad)).toThrow(RangeError);
    }
  });

  it('agrees with Date on what PostgreSQL returns for a few thousand instants', async () => {
    // the database's own zone, as the lists read it (on PostgreSQL the server's; PGlite's UTC)
    const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
    try {
      const { rows } = (await db.db.execute(
        sql.raw(`SELECT (timestamptz '2020-01-01 00:00:00+00' + make_interval(secs => (i * 7919.123457) % 300000000))::text AS t
                 FROM generate_series(1, 3000) i`),
      )) as unknown as { rows: { t: string }[] };
      expect(rows.length).toBe(3000);
      for (const { t } of rows) expect([t, isoTimestamp(t)]).toEqual([t, viaDate(t)]);
    } finally {
      await db.close();
    }
  });
});
