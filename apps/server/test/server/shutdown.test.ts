import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

/** Sends raw bytes on one connection (`then` after the first) and collects every answer until the server closes it. */
function rawExchange(port: number, first: string, then: (write: (more: string) => void) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(first);
      then((more) => s.write(more));
    });
    let out = '';
    s.on('data', (d) => (out += d.toString('utf8')));
    s.on('end', () => resolve(out));
    s.on('close', () => resolve(out));
    s.on('error', reject);
    setTimeout(() => s.destroy(), 5000).unref();
  });
}

describe('graceful shutdown', () => {
  it('answers a request that arrives while closing in the envelope (503, status 11, Retry-After) and closes the connection', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-0123456789' });
    const database = await openDatabase({ dataDir: config.dataDir });
    await migrate(database);
    const app = await buildApp({ config, database });
    // a request still running when the shutdown begins, so the connection is busy, not idle
    app.get('/test/slow', async () => {
      await new Promise((r) => setTimeout(r, 300));
      return { done: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    // a kept-alive connection busy with a slow request when close() begins, and a second request on it after
    let closing: Promise<unknown> | undefined;
    const answer = await rawExchange(port, 'GET /test/slow HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n', (write) => {
      setTimeout(() => (closing = app.close()), 50);
      setTimeout(() => write('GET /api/user/info HTTP/1.1\r\nHost: x\r\nlang: en-US\r\nConnection: keep-alive\r\n\r\n'), 120);
    });
    await closing;
    await database.close();

    const [first, second] = answer.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200/);
    expect(first).toContain('{"done":true}');
    expect(second).toMatch(/^HTTP\/1\.1 503/);
    expect(second).toMatch(/\r\nretry-after: 5\r\n/i);
    expect(second).toMatch(/\r\nconnection: close\r\n/i);
    const body = JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4));
    expect(body).toEqual({ status: 11, msg: 'The server is restarting, please retry shortly', data: null });
  });
});
