import { createHash } from 'node:crypto';

/** A seeded generator (mulberry32 over a hash of the seed): the same seed, the same choices. */
export class Rng {
  private s: number;
  constructor(seed: string) {
    this.s = createHash('sha256').update(seed).digest().readUInt32LE(0);
  }

  next(): number {
    let t = (this.s = (this.s + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  weighted(items: readonly [string, number][]): string {
    const total = items.reduce((n, [, w]) => n + w, 0);
    let r = this.next() * total;
    for (const [name, w] of items) if ((r -= w) < 0) return name;
    return items[items.length - 1]![0];
  }

  /** Exponential think time around `meanMs`. */
  wait(meanMs: number): number {
    return -Math.log(1 - this.next()) * meanMs;
  }
}
