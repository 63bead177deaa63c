import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { SocketMessage } from '@stock-admin/contracts';
// The console's own socket client (apps/console/src/lib/socket.ts), run against the real server.
import { SocketClient, socketUrl, type SocketCtor } from '../../../console/src/lib/socket.js';
import { notify } from '../../src/realtime/notify.js';
import { createTestApp, login, makeAdmin, type TestApp } from '../helpers.js';
import { listen, sleep } from './realtime.helpers.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  // the server closes a socket after 2 × 1 s of silence: a margin of 1.8 s over the client's 200-ms pings, which a
  // loaded CI host's stalls once ate when the limit was 800 ms
  t = await createTestApp({ SOCKET_HEARTBEAT_MS: '1000', BUS_CHANNEL: `test:${randomUUID()}` });
  port = Number(new URL(await listen(t)).port);
});
afterAll(() => t.close());

describe('the console socket client against the server', () => {
  it('stays connected through heartbeats, receives notices, and is kicked out by a second sign-in', async () => {
    const a = await makeAdmin(t, 'finance');
    const token = await login(t, a.username, a.password);
    const got: SocketMessage[] = [];
    const states: string[] = [];
    const client = new SocketClient({
      url: () =>
        socketUrl({
          mode: 'same-origin',
          location: { protocol: 'http:', host: `127.0.0.1:${port}`, hostname: '127.0.0.1' },
          adminId: a.id,
          token,
        }),
      WebSocket: WebSocket as unknown as SocketCtor,
      heartbeatMs: 200,
      onMessage: (m) => got.push(m),
      onState: (s) => states.push(s),
    });
    try {
      client.start();
      for (let i = 0; i < 50 && client.status !== 'open'; i++) await sleep(20);
      expect(client.status).toBe('open');
      await sleep(2500); // well past the server's idle limit (2 s)
      expect(client.status).toBe('open');
      expect(states).toEqual(['connecting', 'open']);

      notify(t.app.ctx, { type: 'RECHARGE_FAILURE', data: { id: 3, userName: 'Wang', amount: '10.00' } });
      for (let i = 0; i < 50 && !got.length; i++) await sleep(20);
      expect(got).toEqual([
        {
          cmd: 11,
          type: 'RECHARGE_FAILURE',
          msgType: 'RECHARGE_FAILURE',
          data: { id: 3, userName: 'Wang', amount: '10.00' },
          id: expect.any(String),
          at: expect.any(Number),
        },
      ]);

      await login(t, a.username, a.password);
      for (let i = 0; i < 50 && got.length < 2; i++) await sleep(20);
      expect(got[1]).toMatchObject({ type: 'KICKOUT_ANOTHER' });
      for (let i = 0; i < 50 && client.status === 'open'; i++) await sleep(20);
      // refused session: the client waits the link time-out (30 s) instead of hammering the server
      expect(client.status).toBe('waiting');
    } finally {
      client.stop();
    }
  });
});
