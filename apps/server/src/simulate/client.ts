/**
 * The simulator's HTTP side: every call goes through `call`, which times it and sorts the answer into ok, a clean
 * refusal (status ≠ 0 in the envelope, counted by its message), a server error (HTTP 5xx) or an answer outside the
 * envelope. Only the public APIs: the platform user API (`usertoken`) and the admin API (`admintoken`).
 */
export type Outcome = 'ok' | 'refused' | 'error' | 'broken';

export interface Answer<T = unknown> {
  outcome: Outcome;
  http: number;
  status: number;
  msg: string;
  data: T;
}

export interface ActionStats {
  count: number;
  ok: number;
  refused: number;
  errors: number;
  broken: number;
  ms: number[];
}

export class Recorder {
  readonly actions = new Map<string, ActionStats>();
  readonly refusals = new Map<string, number>();
  readonly problems: string[] = [];
  started = Date.now();
  /** The current window's times and server errors (`window()` closes it). */
  private windowMs: number[] = [];
  private windowErrors = 0;

  record(action: string, a: Answer, ms: number): void {
    let s = this.actions.get(action);
    if (!s) this.actions.set(action, (s = { count: 0, ok: 0, refused: 0, errors: 0, broken: 0, ms: [] }));
    s.count++;
    s.ms.push(ms);
    this.windowMs.push(ms);
    if (a.outcome === 'error' || a.outcome === 'broken') this.windowErrors++;
    if (a.outcome === 'ok') s.ok++;
    else if (a.outcome === 'refused') {
      s.refused++;
      this.refusals.set(a.msg, (this.refusals.get(a.msg) ?? 0) + 1);
    } else {
      if (a.outcome === 'error') s.errors++;
      else s.broken++;
      if (this.problems.length < 50) this.problems.push(`${action}: HTTP ${a.http} ${a.msg.slice(0, 160)}`);
    }
  }

  /** Closes the current window: its count, errors and percentiles, and the time since the start. */
  window(): { t: number; count: number; errors: number; p50: number; p99: number } {
    const ms = this.windowMs.sort((a, b) => a - b);
    const w = {
      t: Math.round((Date.now() - this.started) / 1000),
      count: ms.length,
      errors: this.windowErrors,
      p50: percentile(ms, 50),
      p99: percentile(ms, 99),
    };
    this.windowMs = [];
    this.windowErrors = 0;
    return w;
  }

  /** Where each action stands now: a mark to read what came after it (`since`). */
  mark(): Map<string, { count: number; ok: number; errors: number; broken: number; ms: number }> {
    return new Map(
      [...this.actions].map(([name, s]) => [name, { count: s.count, ok: s.ok, errors: s.errors, broken: s.broken, ms: s.ms.length }]),
    );
  }

  /** Per action, what ended after `mark`: counts and percentiles (one step of a rate schedule). */
  since(
    mark: ReturnType<Recorder['mark']>,
  ): Record<string, { count: number; ok: number; errors: number; broken: number; p50: number; p99: number }> {
    const out: ReturnType<Recorder['since']> = {};
    for (const [name, s] of this.actions) {
      const m = mark.get(name) ?? { count: 0, ok: 0, errors: 0, broken: 0, ms: 0 };
      if (s.count === m.count) continue;
      const ms = s.ms.slice(m.ms).sort((a, b) => a - b);
      out[name] = {
        count: s.count - m.count,
        ok: s.ok - m.ok,
        errors: s.errors - m.errors,
        broken: s.broken - m.broken,
        p50: percentile(ms, 50),
        p99: percentile(ms, 99),
      };
    }
    return out;
  }

  total(): { count: number; errors: number; broken: number } {
    let count = 0;
    let errors = 0;
    let broken = 0;
    for (const s of this.actions.values()) {
      count += s.count;
      errors += s.errors;
      broken += s.broken;
    }
    return { count, errors, broken };
  }
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface CallOptions {
  user?: string;
  admin?: string;
  lang?: string;
  form?: FormData;
}

/** Calls the platform at one of its addresses (several: spread round-robin, as over instances). */
export class Platform {
  private next = 0;
  constructor(
    readonly bases: string[],
    readonly rec: Recorder,
  ) {}

  base(): string {
    return this.bases[this.next++ % this.bases.length]!;
  }

  async call<T = unknown>(action: string, path: string, body: unknown, o: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (o.user) headers.usertoken = o.user;
    if (o.admin) headers.admintoken = o.admin;
    if (o.lang) headers.lang = o.lang;
    if (!o.form) headers['content-type'] = 'application/json';
    const t0 = performance.now();
    let a: Answer<T>;
    try {
      const r = await fetch(this.base() + path, {
        method: 'POST',
        headers,
        body: o.form ?? JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await r.text();
      a = classify<T>(r.status, text);
    } catch (e) {
      a = { outcome: 'broken', http: 0, status: -1, msg: `no answer: ${(e as Error).message}`, data: null as T };
    }
    this.rec.record(action, a, performance.now() - t0);
    return a;
  }
}

function classify<T>(http: number, text: string): Answer<T> {
  let body: { status?: unknown; msg?: unknown; data?: unknown } | undefined;
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    body = undefined;
  }
  if (http >= 500) return { outcome: 'error', http, status: -1, msg: text.slice(0, 200), data: null as T };
  if (!body || typeof body.status !== 'number' || typeof body.msg !== 'string')
    return { outcome: 'broken', http, status: -1, msg: `outside the envelope: ${text.slice(0, 120)}`, data: null as T };
  return { outcome: body.status === 0 ? 'ok' : 'refused', http, status: body.status, msg: body.msg, data: body.data as T };
}
