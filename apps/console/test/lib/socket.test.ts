import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, RECONNECT_DELAY_MS } from '@stock-admin/contracts';
import { LINK_TIMEOUT_MS, SocketClient, isIpAddress, socketUrl, type SocketLike } from '../../src/lib/socket';

/** A browser-like WebSocket driven by the test. */
class FakeWS implements SocketLike {
  static all: FakeWS[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeWS.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  /** Client-initiated close: the close event follows asynchronously, as in browsers. */
  close(code?: number, reason?: string) {
    if (this.readyState >= 2) return;
    this.readyState = 2;
    this.closedWith = { code, reason };
    setTimeout(() => this.closed(code ?? 1005, reason ?? ''), 0);
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  /** Server close or network failure. */
  closed(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}
const last = () => FakeWS.all[FakeWS.all.length - 1]!;

function client(over: Partial<ConstructorParameters<typeof SocketClient>[0]> = {}) {
  const onMessage = vi.fn();
  const onInvalid = vi.fn();
  const onUnsupported = vi.fn();
  const c = new SocketClient({
    url: () => 'ws://host/manager/ws/1?token=t',
    WebSocket: FakeWS,
    onMessage,
    onInvalid,
    onUnsupported,
    ...over,
  });
  return { c, onMessage, onInvalid, onUnsupported };
}

beforeEach(() => {
  FakeWS.all = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('socket client', () => {
  it('uses the spec constants: heartbeat 30 s, reconnect 100 ms, link time-out 30 s', () => {
    expect([HEARTBEAT_MS, RECONNECT_DELAY_MS, LINK_TIMEOUT_MS]).toEqual([30_000, 100, 30_000]);
  });

  it('reports a browser without WebSocket and does nothing else', () => {
    const { c, onUnsupported } = client({ WebSocket: undefined });
    c.start();
    vi.advanceTimersByTime(120_000);
    expect(onUnsupported).toHaveBeenCalledTimes(1);
    expect(c.status).toBe('stopped');
  });

  it('does not connect without a token or admin id, and checks again every 30 s', () => {
    let url: string | null = null;
    const { c } = client({ url: () => url });
    c.start();
    expect(FakeWS.all).toHaveLength(0);
    vi.advanceTimersByTime(29_999);
    url = 'ws://host/manager/ws/7?token=x';
    expect(FakeWS.all).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(FakeWS.all).toHaveLength(1);
    expect(last().url).toBe('ws://host/manager/ws/7?token=x');
  });

  it('sends the heartbeat on open; a reply resets the timers; the next heartbeat goes 30 s later', () => {
    const { c } = client();
    c.start();
    last().open();
    expect(last().sent).toEqual([{ cmd: 13 }]);
    vi.advanceTimersByTime(10_000);
    last().receive({ cmd: 13 });
    vi.advanceTimersByTime(29_999);
    expect(last().sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last().sent).toEqual([{ cmd: 13 }, { cmd: 13 }]);
    // replied again in time: still open long after the first 30 s window
    vi.advanceTimersByTime(5_000);
    last().receive({ cmd: 13 });
    vi.advanceTimersByTime(31_000);
    expect(last().closedWith).toBeNull();
    expect(last().sent).toHaveLength(3);
  });

  it('closes when the heartbeat gets no reply within the interval, then reconnects after 100 ms', () => {
    const { c } = client();
    c.start();
    const first = last();
    first.open();
    vi.advanceTimersByTime(29_999);
    expect(first.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(first.closedWith).toMatchObject({ code: 4000 });
    vi.advanceTimersByTime(1); // close event
    expect(FakeWS.all).toHaveLength(1);
    vi.advanceTimersByTime(RECONNECT_DELAY_MS - 1);
    expect(FakeWS.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWS.all).toHaveLength(2);
  });

  it('after an instance restarts (1012), reconnects at once asking for the notices since the last it saw, and drops the repeats', () => {
    const { c, onMessage } = client();
    c.start();
    last().open();
    expect(last().url).toBe('ws://host/manager/ws/1?token=t');
    last().receive({ cmd: 13, at: 1_000 });
    last().receive({ cmd: 11, type: 'RECHARGE', data: { id: 1 }, id: 'a-1', at: 2_000 });
    last().closed(1012, 'server restarting: reconnect');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS);
    expect(FakeWS.all).toHaveLength(2);
    expect(last().url).toBe('ws://host/manager/ws/1?token=t&since=2000');
    last().open();
    // the new instance sends again what it has from a little before, then what was missed
    last().receive({ cmd: 11, type: 'RECHARGE', data: { id: 1 }, id: 'a-1', at: 2_000 });
    last().receive({ cmd: 11, type: 'CREATEORDER', data: { id: 2 }, id: 'b-7', at: 2_500 });
    // a notice of a release before ids: passed on as it is
    last().receive({ cmd: 11, type: 'RECHARGE', data: { id: 3 } });
    expect(onMessage.mock.calls.map(([m]) => (m as { data: { id: number } }).data.id)).toEqual([1, 2, 3]);
    expect(c.status).toBe('open');
  });

  it('reconnects 100 ms after an open socket closes', () => {
    const { c } = client();
    c.start();
    last().open();
    last().receive({ cmd: 13 });
    last().closed(1006);
    expect(c.status).toBe('waiting');
    vi.advanceTimersByTime(99);
    expect(FakeWS.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWS.all).toHaveLength(2);
  });

  it('while not connected, retries every 30 s (a failed attempt does not retry after 100 ms)', () => {
    const { c } = client();
    c.start();
    last().closed(1006); // refused: never opened
    vi.advanceTimersByTime(1_000);
    expect(FakeWS.all).toHaveLength(1);
    vi.advanceTimersByTime(29_000);
    expect(FakeWS.all).toHaveLength(2);
    last().closed(1006);
    vi.advanceTimersByTime(30_000);
    expect(FakeWS.all).toHaveLength(3);
    last().open();
    expect(c.status).toBe('open');
  });

  it('drops an attempt that neither opens nor fails within the link time-out, and tries again', () => {
    const { c } = client();
    c.start();
    const hung = last();
    vi.advanceTimersByTime(LINK_TIMEOUT_MS);
    expect(hung.closedWith).not.toBeNull();
    expect(FakeWS.all).toHaveLength(1);
    vi.advanceTimersByTime(LINK_TIMEOUT_MS);
    expect(FakeWS.all).toHaveLength(2);
    hung.open(); // a late open of the dropped socket changes nothing
    expect(c.status).toBe('connecting');
  });

  it('after the server refuses the session (44xx), waits the link time-out instead of 100 ms', () => {
    const { c } = client();
    c.start();
    last().open();
    last().closed(4409, 'session revoked: kickout');
    vi.advanceTimersByTime(RECONNECT_DELAY_MS * 10);
    expect(FakeWS.all).toHaveLength(1);
    vi.advanceTimersByTime(LINK_TIMEOUT_MS);
    expect(FakeWS.all).toHaveLength(2);
  });

  it('reports a frame that is not valid JSON and passes the others on', () => {
    const { c, onMessage, onInvalid } = client();
    c.start();
    last().open();
    last().receive('{oops');
    expect(onInvalid).toHaveBeenCalledWith('{oops');
    last().receive({ cmd: 11, type: 'RECHARGE', msgType: 'RECHARGE', data: { id: 1 } });
    expect(onMessage).toHaveBeenCalledWith({ cmd: 11, type: 'RECHARGE', msgType: 'RECHARGE', data: { id: 1 } });
    // a heartbeat reply is not an event
    last().receive({ cmd: 13 });
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(c.status).toBe('open');
  });

  it('stop() closes and never reconnects', () => {
    const { c } = client();
    c.start();
    last().open();
    c.stop();
    expect(last().closedWith).toMatchObject({ code: 1000 });
    vi.advanceTimersByTime(120_000);
    expect(FakeWS.all).toHaveLength(1);
    expect(c.status).toBe('stopped');
  });
});

describe('socket address', () => {
  const loc = (protocol: string, hostname: string, port = '') => ({ protocol, hostname, host: port ? `${hostname}:${port}` : hostname });

  it('is same-origin by default (ws/wss follows the page)', () => {
    expect(
      socketUrl({ mode: 'same-origin', location: loc('http:', 'admin.example.com', '8080'), adminId: 3, token: 'a b', lang: 'en-US' }),
    ).toBe('ws://admin.example.com:8080/manager/ws/3?token=a+b&lang=en-US');
    expect(socketUrl({ mode: 'same-origin', location: loc('https:', 'admin.example.com'), adminId: 3, token: 't' })).toBe(
      'wss://admin.example.com/manager/ws/3?token=t',
    );
  });

  it('with the spec-ports setting: 8091 for an IP host, 2362 otherwise', () => {
    expect(socketUrl({ mode: 'spec-ports', location: loc('http:', '10.1.2.3', '8080'), adminId: 1, token: 't' })).toBe(
      'ws://10.1.2.3:8091/manager/ws/1?token=t',
    );
    expect(socketUrl({ mode: 'spec-ports', location: loc('http:', '[::1]', '8080'), adminId: 1, token: 't' })).toBe(
      'ws://[::1]:8091/manager/ws/1?token=t',
    );
    expect(socketUrl({ mode: 'spec-ports', location: loc('https:', 'admin.example.com'), adminId: 1, token: 't' })).toBe(
      'wss://admin.example.com:2362/manager/ws/1?token=t',
    );
  });

  it('recognises IP addresses', () => {
    expect(['127.0.0.1', '192.168.0.10', '[2001:db8::1]', '::1'].every(isIpAddress)).toBe(true);
    expect(['localhost', 'example.com', '999.1.1.1', '1.2.3', 'a:b:zz'].some(isIpAddress)).toBe(false);
  });
});
