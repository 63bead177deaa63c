import { describe, expect, it } from 'vitest';
import { parseHosts } from '../../src/db/hosts.js';

/** Issue 61: DATABASE_URL naming a primary and its standby, as libpq takes it (the failover drill runs the whole of it). */
describe('several hosts in DATABASE_URL', () => {
  it('reads each host and port, keeps the rest of the address, drops target_session_attrs', () => {
    const l = parseHosts(
      'postgres://app:s%40cret@db1:5432,db2:6543,[::1]/stock?target_session_attrs=read-write&options=-c%20search_path%3Dx',
    );
    expect(l!.hosts).toEqual([
      { host: 'db1', port: 5432 },
      { host: 'db2', port: 6543 },
      { host: '::1', port: 5432 },
    ]);
    const u = new URL(l!.url);
    expect([u.username, decodeURIComponent(u.password), u.pathname]).toEqual(['app', 's@cret', '/stock']);
    expect(u.searchParams.get('target_session_attrs')).toBeNull();
    expect(u.searchParams.get('options')).toBe('-c search_path=x');
  });

  it('leaves an address with one host alone, unless it asks for a read-write session', () => {
    expect(parseHosts('postgres://postgres@127.0.0.1:5432/test')).toBeNull();
    expect(parseHosts('postgresql://u@h/db?target_session_attrs=read-write')!.hosts).toEqual([{ host: 'h', port: 5432 }]);
  });
});
