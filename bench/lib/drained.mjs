import pg from 'pg';

/**
 * Waits until the database runs no statement but this one (at most a minute): when a load ends, the requests it
 * left queued (in the server, or statements of a plain pool whose callers stopped waiting) still run, and would be
 * measured as the next case's.
 */
export async function drained(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    for (let i = 0; i < 600; i++) {
      const { rows: r } = await c.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid() AND datname = current_database()`,
      );
      if (r[0].n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await c.end();
  }
}
