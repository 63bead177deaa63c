import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MarketCmd, type SocketMessage } from '@stock-admin/contracts';
import { SocketBus } from '../../../src/lib/socketBus';
import { QuoteHub } from '../../../src/shared/market/quoteHub';
import { FakePage } from '../../helpers';
import { createLiveSocket, liveEnv } from '../../../src/features/realtime/useLiveNotices';
import { setToken } from '../../../src/lib/auth';
import { setStoredUserId } from '../../../src/lib/storage';
import type { SocketLike } from '../../../src/lib/socket';
import { badges } from '../../../src/lib/badges';
import { tick } from './helpers';

/** The bus with a link the test opens and closes; `frames` are the WATCH frames sent. */
function setup() {
  const bus = new SocketBus();
  const doc = new FakePage();
  const hub = new QuoteHub(bus, doc, (fn) => fn());
  const frames: string[][] = [];
  const open = () => bus.opened((m: SocketMessage) => (frames.push((m.data as { gids: string[] }).gids), m.cmd === MarketCmd.WATCH));
  return { bus, doc, hub, frames, open };
}

describe('QuoteHub: the WATCH set', () => {
  it('sends the union of what is shown when the socket opens, and again after every reconnect', () => {
    const { bus, hub, frames, open } = setup();
    hub.watch(['sz000001', 'sh600000'], () => undefined);
    hub.watch(['sh600000', 'bj830799'], () => undefined);
    expect(frames).toEqual([]); // not connected: nothing to send yet
    open();
    expect(frames).toEqual([['bj830799', 'sh600000', 'sz000001']]);
    bus.closed();
    open();
    expect(frames).toEqual([
      ['bj830799', 'sh600000', 'sz000001'],
      ['bj830799', 'sh600000', 'sz000001'],
    ]);
  });

  it('tells the server only about changes, and an empty set once nothing is shown', () => {
    const { hub, frames, open } = setup();
    open();
    expect(frames).toEqual([]); // a fresh link watches nothing: no frame needed
    const stop = hub.watch(['sh600000'], () => undefined);
    const again = hub.watch(['sh600000'], () => undefined);
    expect(frames).toEqual([['sh600000']]);
    stop();
    expect(frames).toHaveLength(1); // the other watcher still shows it
    again();
    expect(frames).toEqual([['sh600000'], []]);
  });

  it('coalesces the changes of one render into one frame (the default scheduler is a microtask)', async () => {
    const bus = new SocketBus();
    const hub = new QuoteHub(bus, undefined);
    const sent: unknown[] = [];
    bus.opened((m) => (sent.push(m), true));
    const stop = hub.watch(['sh600000'], () => undefined);
    await Promise.resolve();
    stop(); // a page of the list is replaced by the next one
    hub.watch(['sh600001'], () => undefined);
    await Promise.resolve();
    expect(sent).toEqual([
      { cmd: 14, data: { gids: ['sh600000'] } },
      { cmd: 14, data: { gids: ['sh600001'] } },
    ]);
  });

  it('calls the browser queueMicrotask as a plain function (as a method it throws "Illegal invocation")', async () => {
    const real = globalThis.queueMicrotask;
    globalThis.queueMicrotask = function (this: unknown, fn: () => void) {
      if (this !== undefined && this !== globalThis) throw new TypeError('Illegal invocation');
      real(fn);
    };
    try {
      const bus = new SocketBus();
      const sent: unknown[] = [];
      bus.opened((m) => (sent.push(m), true));
      new QuoteHub(bus, undefined).watch(['sh600000'], () => undefined);
      await Promise.resolve();
      expect(sent).toHaveLength(1);
    } finally {
      globalThis.queueMicrotask = real;
    }
  });

  it('watches nothing while the browser tab is hidden, and the set again when it is shown', () => {
    const { doc, hub, frames, open } = setup();
    open();
    hub.watch(['sh600000'], () => undefined);
    doc.set('hidden');
    expect(hub.wanted()).toEqual([]);
    doc.set('visible');
    expect(frames).toEqual([['sh600000'], [], ['sh600000']]);
  });

  it('a reconnect while hidden sends nothing; becoming visible sends the set', () => {
    const { bus, doc, hub, frames, open } = setup();
    hub.watch(['sh600000'], () => undefined);
    doc.set('hidden');
    bus.closed();
    open();
    expect(frames).toEqual([]);
    doc.set('visible');
    expect(frames).toEqual([['sh600000']]);
  });

  it('drops symbols that are not gids and keeps at most WATCH_MAX', () => {
    const { hub } = setup();
    hub.watch(['sh600000', 'nope', 'SH600001', 'sh60000'], () => undefined);
    expect(hub.wanted()).toEqual(['sh600000']);
    hub.watch(
      Array.from({ length: 600 }, (_, i) => `sz${String(i).padStart(6, '0')}`),
      () => undefined,
    );
    expect(hub.wanted()).toHaveLength(500);
  });
});

describe('QuoteHub: QUOTES frames', () => {
  it('gives each watcher the ticks of its own symbols, with the phase', () => {
    const { bus, hub } = setup();
    const a = vi.fn();
    const b = vi.fn();
    hub.watch(['sh600000'], a);
    hub.watch(['sz000001', 'sh600000'], b);
    bus.dispatch({ cmd: 15, type: 'QUOTES', data: { phase: 'open', quotes: [tick('sh600000'), tick('bj830799')] } });
    expect(a).toHaveBeenCalledWith([tick('sh600000')], 'open');
    expect(b).toHaveBeenCalledWith([tick('sh600000')], 'open');
    bus.dispatch({ cmd: 15, type: 'QUOTES', data: { phase: 'break', quotes: [tick('sz000001')] } });
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenLastCalledWith([tick('sz000001')], 'break');
    expect(hub.phase).toBe('break');
  });

  it('drops a malformed frame', () => {
    const { bus, hub } = setup();
    const a = vi.fn();
    hub.watch(['sh600000'], a);
    bus.dispatch({ cmd: 15, type: 'QUOTES', data: { phase: 'lunch', quotes: [tick('sh600000')] } });
    bus.dispatch({ cmd: 15, type: 'QUOTES', data: { phase: 'open', quotes: [{ gid: 'sh600000' }] } });
    expect(a).not.toHaveBeenCalled();
    expect(hub.phase).toBeNull();
  });
});

// ---- the real socket owner feeding the bus ----

class FakeWS implements SocketLike {
  static all: FakeWS[] = [];
  readyState = 0;
  sent: SocketMessage[] = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {
    FakeWS.all.push(this);
  }
  send(d: string) {
    this.sent.push(JSON.parse(d));
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '' });
  }
  push(v: unknown) {
    this.onmessage?.({ data: JSON.stringify(v) });
  }
}

describe('the console socket feeds the hub', () => {
  const realBus = liveEnv.bus;
  const realWS = liveEnv.WebSocket;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWS.all = [];
    badges.clear();
    liveEnv.WebSocket = FakeWS;
    setToken('tok', Date.now() + 3600_000);
    setStoredUserId(7);
  });
  afterEach(() => {
    liveEnv.bus = realBus;
    liveEnv.WebSocket = realWS;
    vi.useRealTimers();
  });

  it('sends WATCH with the heartbeat on open, again after a reconnect, and routes QUOTES to the watchers only', () => {
    const bus = new SocketBus();
    liveEnv.bus = bus;
    const hub = new QuoteHub(bus, undefined, (fn) => fn());
    const got = vi.fn();
    hub.watch(['sh600000'], got);
    const client = createLiveSocket('same-origin', { navigate: vi.fn() });
    client.start();
    const first = FakeWS.all[0]!;
    first.open();
    expect(first.sent).toEqual([{ cmd: 14, data: { gids: ['sh600000'] } }, { cmd: 13 }]);
    first.push({ cmd: 15, type: 'QUOTES', data: { phase: 'open', quotes: [tick('sh600000')] } });
    expect(got).toHaveBeenCalledTimes(1);

    first.drop();
    expect(bus.isOpen).toBe(false);
    vi.advanceTimersByTime(100);
    const second = FakeWS.all[1]!;
    second.open();
    expect(second.sent).toContainEqual({ cmd: 14, data: { gids: ['sh600000'] } });
    client.stop();
    expect(bus.isOpen).toBe(false);
  });
});
