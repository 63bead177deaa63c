/**
 * The two notification sounds (spec §2), synthesised with WebAudio (no audio files).
 *
 *   play('withdraw')   // two rising chimes
 *   play('message')    // one soft blip
 *
 * Browsers start audio only after a user gesture (autoplay rule): the first pointer or key event on the
 * page unlocks the audio context; a sound asked for before that is skipped (`play` returns false).
 */
export type SoundName = 'withdraw' | 'message';

interface Note {
  freq: number;
  at: number;
  dur: number;
  type: OscillatorType;
  gain: number;
}

export const SOUNDS: Record<SoundName, Note[]> = {
  withdraw: [
    { freq: 880, at: 0, dur: 0.18, type: 'triangle', gain: 0.35 },
    { freq: 1320, at: 0.2, dur: 0.32, type: 'triangle', gain: 0.35 },
  ],
  message: [{ freq: 660, at: 0, dur: 0.22, type: 'sine', gain: 0.3 }],
};

type Ctor = typeof AudioContext;
let ctx: AudioContext | null = null;
let unlocked = false;
let listening = false;

function audioCtor(): Ctor | undefined {
  const w = globalThis as unknown as { AudioContext?: Ctor; webkitAudioContext?: Ctor };
  return w.AudioContext ?? w.webkitAudioContext;
}

function unlock(): void {
  const C = audioCtor();
  if (!C) return;
  try {
    ctx ??= new C();
    void ctx.resume?.().then(() => (unlocked = ctx?.state === 'running'));
    unlocked = ctx.state === 'running' || unlocked;
  } catch {
    /* no audio on this device */
  }
}

/** Installs the one-time unlock on the first user gesture; called once at start-up. */
export function installSoundUnlock(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window): void {
  if (listening) return;
  listening = true;
  const events = ['pointerdown', 'keydown', 'touchstart'] as const;
  const handler = () => {
    unlock();
    for (const e of events) target.removeEventListener(e, handler, true);
  };
  for (const e of events) target.addEventListener(e, handler, true);
}

/** Plays a sound; false when audio is unavailable or not yet unlocked by a gesture. */
export function play(name: SoundName): boolean {
  if (!ctx || !(unlocked || ctx.state === 'running')) return false;
  const now = ctx.currentTime;
  try {
    for (const n of SOUNDS[name]) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = n.type;
      osc.frequency.setValueAtTime(n.freq, now + n.at);
      gain.gain.setValueAtTime(0.0001, now + n.at);
      gain.gain.exponentialRampToValueAtTime(n.gain, now + n.at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + n.at + n.dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + n.at);
      osc.stop(now + n.at + n.dur + 0.02);
    }
    return true;
  } catch {
    return false;
  }
}

/** Test seam: forget the audio context. */
export function resetSound(): void {
  ctx = null;
  unlocked = false;
  listening = false;
}
