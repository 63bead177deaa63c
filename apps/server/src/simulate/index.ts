import { Platform, Recorder, percentile } from './client.js';
import { Operators } from './operators.js';
import { DEFAULT_GIDS, Population } from './population.js';
import { Rng } from './rng.js';

/**
 * `npm run simulate` and the demo's in-process traffic (issue 37): a population of end users, and with
 * `operators` a team of operator bots, acting on the platform through its public APIs at a steady rate.
 */
export interface SimulationOptions {
  bases: string[];
  users: number;
  /** Actions per second across the population. */
  rate: number;
  /** Seconds; 0 runs until stopped. */
  duration: number;
  /**
   * A rate schedule instead of one rate (bench/soak/ramp.mjs): each rate for `stepSeconds`, one after another, the
   * run's duration their sum; the result then has each step's figures per action (`steps`).
   */
  steps?: number[];
  stepSeconds?: number;
  seed: string;
  operators: boolean;
  /** The bots' admins, one bot each (default: admin / admin123). */
  operatorLogins?: { username: string; password: string }[];
  inviteCode?: string;
  /** Existing accounts that join the population ready to trade (the demo's funded users). */
  adopt?: { phone: string; password: string }[];
  gids?: string[];
  /** Progress lines: `tty` rewrites one line, `lines` prints one every 10 s, `none` is silent. */
  progress: 'tty' | 'lines' | 'none';
  log?: (line: string) => void;
}

/** One window of the run (every 10 s): how many actions ended in it and how long they took. */
export interface TimelinePoint {
  /** Seconds since the start, at the window's end. */
  t: number;
  count: number;
  errors: number;
  p50: number;
  p99: number;
}

/** One step of a rate schedule: the rate asked, the actions that ended in it (per action) and how long it lasted. */
export interface StepResult {
  rate: number;
  seconds: number;
  actions: ReturnType<Recorder['since']>;
}

export interface SimulationResult {
  rec: Recorder;
  steps: StepResult[];
  lostNotices: number;
  notices: Map<string, number>;
  timeline: TimelinePoint[];
  /** How the operators' socket was closed by the server during the run, if it was. */
  socketClosed: string[];
  /** Why the run failed: empty when it passed. */
  failures: string[];
}

export class Simulation {
  readonly rec = new Recorder();
  private stopped = false;
  private readonly done: Promise<SimulationResult>;

  constructor(private readonly o: SimulationOptions) {
    this.done = this.run();
  }

  /** Ends the run after the actions in flight. */
  stop(): void {
    this.stopped = true;
  }

  result(): Promise<SimulationResult> {
    return this.done;
  }

  private async run(): Promise<SimulationResult> {
    const o = this.o;
    const log = o.log ?? ((l: string) => process.stdout.write(`${l}\n`));
    const rng = new Rng(o.seed);
    const platform = new Platform(o.bases, this.rec);
    const population = new Population(platform, rng, {
      size: o.users,
      inviteCode: o.inviteCode,
      gids: o.gids ?? DEFAULT_GIDS,
      // phones of one seed are their own: another seed's run does not collide with them
      phonePrefix: `19${String(rng.int(0, 9))}`,
    });
    if (o.adopt?.length) population.adopt(o.adopt);
    const ops = o.operators
      ? new Operators(
          platform,
          new Rng(`${o.seed}:ops`),
          o.operatorLogins?.length ? o.operatorLogins : [{ username: 'admin', password: 'admin123' }],
        )
      : null;
    await ops?.start();
    const stepMs = (o.stepSeconds ?? 60) * 1000;
    const schedule = o.steps?.length ? o.steps : null;
    const t0 = Date.now();
    const until = schedule ? t0 + schedule.length * stepMs : o.duration > 0 ? t0 + o.duration * 1000 : Infinity;
    const steps: StepResult[] = [];
    let step = 0;
    let mark = this.rec.mark();
    let stepStarted = t0;
    const rateNow = () => {
      if (!schedule) return o.rate;
      const at = Math.min(schedule.length - 1, Math.floor((Date.now() - t0) / stepMs));
      if (at !== step) {
        steps.push({ rate: schedule[step]!, seconds: (Date.now() - stepStarted) / 1000, actions: this.rec.since(mark) });
        mark = this.rec.mark();
        stepStarted = Date.now();
        step = at;
      }
      return schedule[step]!;
    };
    const inFlight = new Set<Promise<unknown>>();
    let simulatorErrors = 0;
    const progress = setInterval(() => this.progress(log), o.progress === 'tty' ? 1000 : 10_000);
    if (o.progress === 'none') clearInterval(progress);
    const timeline: TimelinePoint[] = [];
    const windows = setInterval(() => timeline.push(this.rec.window()), 10_000);
    // operators: each bot one round at a time, as fast as the queues allow with a short pause
    const opsLoop = Promise.all(
      Array.from({ length: ops?.size ?? 0 }, async (_, bot) => {
        while (ops && !this.stopped && Date.now() < until) {
          await ops.round(bot);
          await sleep(rng.wait(300));
        }
      }),
    );
    // users: actions started at the rate (Poisson arrivals), each awaited in the background
    while (!this.stopped && Date.now() < until) {
      const p = population.act().then(
        () => {
          // every buy placed so far must be announced on the operators' socket
          if (ops) for (const u of population.users) for (const id of u.pendingBuys) ops.placedBuys.add(id);
        },
        // an answer the simulator could not read (a shape it did not expect): counted, never an unhandled rejection
        (e: unknown) => {
          simulatorErrors++;
          if (this.rec.problems.length < 50) this.rec.problems.push(`simulator: ${(e as Error).message}`);
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      // bounded: a slow server slows the simulation down instead of piling requests up
      if (inFlight.size >= 64) await Promise.race(inFlight);
      await sleep(rng.wait(1000 / rateNow()));
    }
    await Promise.allSettled(inFlight);
    if (schedule) steps.push({ rate: schedule[step]!, seconds: (Date.now() - stepStarted) / 1000, actions: this.rec.since(mark) });
    await opsLoop;
    clearInterval(progress);
    clearInterval(windows);
    timeline.push(this.rec.window());
    if (o.progress === 'tty') process.stdout.write('\n');
    const lost = ops ? await ops.lost() : [];
    ops?.stop();
    const t = this.rec.total();
    const failures: string[] = [];
    if (t.errors) failures.push(`${t.errors} × HTTP 5xx`);
    if (t.broken) failures.push(`${t.broken} answers outside the envelope or none at all`);
    if (simulatorErrors) failures.push(`${simulatorErrors} answers the simulator could not read`);
    if (lost.length) failures.push(`${lost.length} live notices lost (buys ${lost.slice(0, 5).join(', ')}…)`);
    const socketClosed = ops?.socketClosed ?? [];
    if (socketClosed.length) failures.push(`the operators' socket was closed by the server (${socketClosed.join('; ')})`);
    return { rec: this.rec, steps, lostNotices: lost.length, notices: ops?.notices ?? new Map(), timeline, socketClosed, failures };
  }

  private progress(log: (l: string) => void): void {
    const t = this.rec.total();
    const secs = Math.max(1, (Date.now() - this.rec.started) / 1000);
    const top = [...this.rec.refusals.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([m, n]) => `${m.slice(0, 24)} ×${n}`);
    const all = [...this.rec.actions.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
    const line =
      `simulate: ${t.count} actions, ${(t.count / secs).toFixed(1)}/s, p50 ${percentile(all, 50).toFixed(0)} ms, ` +
      `p99 ${percentile(all, 99).toFixed(0)} ms, 5xx ${t.errors}, broken ${t.broken}; refusals: ${top.join('; ') || 'none'}`;
    if (this.o.progress === 'tty')
      process.stdout.write(
        `\r${line.slice(0, (process.stdout.columns ?? 160) - 1).padEnd(Math.min(process.stdout.columns ?? 160, 160) - 1)}`,
      );
    else log(line);
  }
}

/** The result as data (`--json`): per action its counts and percentiles, the refusals, notices and the timeline. */
export function toJson(r: SimulationResult) {
  const actions = Object.fromEntries(
    [...r.rec.actions.entries()].map(([name, s]) => {
      const ms = [...s.ms].sort((a, b) => a - b);
      const { count, ok, refused, errors, broken } = s;
      return [name, { count, ok, refused, errors, broken, p50: percentile(ms, 50), p99: percentile(ms, 99), max: ms.at(-1) ?? 0 }];
    }),
  );
  return {
    seconds: (Date.now() - r.rec.started) / 1000,
    total: r.rec.total(),
    actions,
    refusals: Object.fromEntries(r.rec.refusals),
    notices: Object.fromEntries(r.notices),
    lostNotices: r.lostNotices,
    socketClosed: r.socketClosed,
    timeline: r.timeline,
    steps: r.steps,
    problems: r.rec.problems,
    failures: r.failures,
  };
}

/** The final table: one row per action. */
export function summary(r: SimulationResult): string {
  const rows = [...r.rec.actions.entries()].sort((a, b) => b[1].count - a[1].count);
  const head = `${'action'.padEnd(18)}${'count'.padStart(8)}${'ok'.padStart(8)}${'refused'.padStart(9)}${'5xx'.padStart(6)}${'broken'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`;
  const lines = rows.map(([name, s]) => {
    const ms = [...s.ms].sort((a, b) => a - b);
    return `${name.padEnd(18)}${String(s.count).padStart(8)}${String(s.ok).padStart(8)}${String(s.refused).padStart(9)}${String(s.errors).padStart(6)}${String(s.broken).padStart(8)}${percentile(ms, 50).toFixed(1).padStart(9)}${percentile(ms, 99).toFixed(1).padStart(9)}`;
  });
  const refusals = [...r.rec.refusals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([m, n]) => `  ${String(n).padStart(6)}  ${m}`);
  const notices = [...r.notices.entries()].map(([k, n]) => `${k} ${n}`).join(', ');
  return [
    head,
    ...lines,
    '',
    'refusals by reason:',
    ...(refusals.length ? refusals : ['  none']),
    ...(notices ? ['', `live notices received: ${notices}; lost: ${r.lostNotices}`] : []),
    ...(r.rec.problems.length ? ['', 'problems:', ...r.rec.problems.slice(0, 10).map((p) => `  ${p}`)] : []),
    '',
    r.failures.length ? `FAILED: ${r.failures.join('; ')}` : 'passed: no 5xx, every answer in the envelope, no notice lost',
  ].join('\n');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
