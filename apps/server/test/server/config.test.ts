import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({ INIT_CWD: '/srv/app' });
    expect(c).toMatchObject({
      PORT: 8080,
      DATABASE_POOL_SIZE: 10,
      DATABASE_LIST_CONNECTIONS: 1,
      DATABASE_CONNECT_TIMEOUT_MS: 3000,
      DATABASE_QUERY_TIMEOUT_MS: 30000,
      TOKEN_TTL_HOURS: 12,
      SUPER_ACCOUNT: 'super',
      SINGLE_SESSION: true,
      dataDir: '/srv/app/data',
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_POOL_SIZE', '0'],
    ['DATABASE_LIST_CONNECTIONS', '17'],
    ['DATABASE_CONNECT_TIMEOUT_MS', '50'],
    ['DATABASE_QUERY_TIMEOUT_MS', 'soon'],
    ['REDIS_URL', 'http://x'],
    ['SINGLE_SESSION', 'maybe'],
    ['TOKEN_TTL_HOURS', '-1'],
    ['WEB_CONCURRENCY', '0'],
    ['QUOTE_SOURCE', 'tushare'],
    ['QUOTE_URL', 'ftp://vendor'],
    ['QUOTE_INTERVAL_MS', '10'],
    ['QUOTE_SYMBOL_STYLE', 'lower'],
    ['QUOTE_CLOCK_START', 'yesterday'],
  ])('refuses a bad %s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}:`));
  });

  it('needs a vendor URL for the http feed and real dates for holidays', () => {
    expect(loadConfig({}).QUOTE_INTERVAL_MS).toBe(3000);
    expect(() => loadConfig({ QUOTE_SOURCE: 'http' })).toThrow(/QUOTE_URL: required when QUOTE_SOURCE is http/);
    expect(() => loadConfig({ QUOTE_HOLIDAYS: '2026-12-31,2026-13-01' })).toThrow(/QUOTE_HOLIDAYS: not a YYYY-MM-DD date: 2026-13-01/);
    expect(loadConfig({ QUOTE_SOURCE: 'http', QUOTE_URL: 'https://vendor.example/q' }).QUOTE_SOURCE).toBe('http');
  });

  it('keeps the demo to this machine and its terminal quiet; production listens everywhere and logs each request', () => {
    expect(loadConfig({})).toMatchObject({ HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' })).toMatchObject({ HOST: '0.0.0.0', LOG_LEVEL: 'info' });
    expect(loadConfig({ HOST: '0.0.0.0', LOG_LEVEL: 'debug' })).toMatchObject({ HOST: '0.0.0.0', LOG_LEVEL: 'debug' });
  });

  it('runs the demo market all day on the embedded database, the exchange calendar on PostgreSQL, as told', () => {
    expect(loadConfig({}).QUOTE_SESSION).toBe('continuous');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).QUOTE_SESSION).toBe('exchange');
    expect(loadConfig({ QUOTE_SESSION: 'exchange' }).QUOTE_SESSION).toBe('exchange');
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', QUOTE_SESSION: 'continuous' }).QUOTE_SESSION).toBe('continuous');
    // a vendor's quotes keep the exchange's hours
    expect(loadConfig({ QUOTE_SOURCE: 'http', QUOTE_URL: 'https://vendor.example/q' }).QUOTE_SESSION).toBe('exchange');
    expect(() => loadConfig({ QUOTE_SOURCE: 'http', QUOTE_URL: 'https://v.example/q', QUOTE_SESSION: 'continuous' })).toThrow(
      /QUOTE_SESSION: continuous needs QUOTE_SOURCE=simulated/,
    );
    expect(() => loadConfig({ QUOTE_SESSION: 'always' })).toThrow(/QUOTE_SESSION/);
  });

  it('runs several worker processes only on PostgreSQL with Redis', () => {
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /^Invalid configuration:\n {2}WEB_CONCURRENCY: more than one process needs DATABASE_URL and REDIS_URL$/,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/x' })).toThrow(/needs REDIS_URL$/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2', REDIS_URL: 'redis://cache' })).toThrow(/needs DATABASE_URL$/);
    const c = loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/x', REDIS_URL: 'redis://cache' });
    expect(c.WEB_CONCURRENCY).toBe(2);
    expect(loadConfig({}).WEB_CONCURRENCY).toBe(1);
  });

  it('stops the server at start-up on a bad value', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, PORT: 'nope', DATA_DIR: 'memory://' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('PORT');
  });
});
