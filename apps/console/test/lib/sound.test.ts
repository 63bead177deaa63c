import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSoundUnlock, play, resetSound, SOUNDS } from '../../src/lib/sound';

class FakeParam {
  setValueAtTime = vi.fn();
  exponentialRampToValueAtTime = vi.fn();
}
class FakeNode {
  connect = vi.fn((n: unknown) => n);
}
class FakeOsc extends FakeNode {
  type = 'sine';
  frequency = new FakeParam();
  start = vi.fn();
  stop = vi.fn();
}
class FakeGain extends FakeNode {
  gain = new FakeParam();
}
const created: FakeOsc[] = [];
class FakeAudioContext {
  state = 'suspended';
  currentTime = 0;
  destination = {};
  resume = vi.fn(async () => {
    this.state = 'running';
  });
  createOscillator = () => {
    const o = new FakeOsc();
    created.push(o);
    return o;
  };
  createGain = () => new FakeGain();
}

afterEach(() => {
  resetSound();
  vi.unstubAllGlobals();
});

describe('notification sounds', () => {
  it('are synthesised: two chimes for withdrawals, one blip for messages', () => {
    expect(SOUNDS.withdraw).toHaveLength(2);
    expect(SOUNDS.message).toHaveLength(1);
  });

  it('stay silent until a user gesture unlocks audio (autoplay rule), then play', async () => {
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const target = new EventTarget();
    installSoundUnlock(target);
    expect(play('withdraw')).toBe(false);
    target.dispatchEvent(new Event('pointerdown'));
    await Promise.resolve();
    await Promise.resolve();
    created.length = 0;
    expect(play('withdraw')).toBe(true);
    expect(created).toHaveLength(2);
    expect(created[0]!.start).toHaveBeenCalled();
    expect(play('message')).toBe(true);
    expect(created).toHaveLength(3);
  });

  it('does nothing without WebAudio', () => {
    vi.stubGlobal('AudioContext', undefined);
    const target = new EventTarget();
    installSoundUnlock(target);
    target.dispatchEvent(new Event('keydown'));
    expect(play('message')).toBe(false);
  });
});
