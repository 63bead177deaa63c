// npm run simulate -- --base http://127.0.0.1:8080 [--base …] --users 200 --rate 5 --duration 60 --seed demo --operators
// Drives the platform's public APIs as a population of end users (and, with --operators, a team of operators: one
// bot per --operator-login). --json FILE writes the result for a benchmark (bench/soak).
// Exit 0 when the run passed; 1 on any HTTP 5xx, any answer outside the envelope, or a lost live notice; 2 on
// bad arguments.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { Simulation, summary, toJson } from './index.js';

const { values } = parseArgs({
  options: {
    base: { type: 'string', multiple: true },
    users: { type: 'string', default: '50' },
    rate: { type: 'string', default: '5' },
    duration: { type: 'string', default: '60' },
    seed: { type: 'string', default: 'simulate' },
    operators: { type: 'boolean', default: false },
    'operator-login': { type: 'string', multiple: true },
    json: { type: 'string' },
    invite: { type: 'string' },
    // a rate schedule (bench/soak/ramp.mjs): --steps 20,40,80 --step-seconds 60 instead of --rate and --duration
    steps: { type: 'string' },
    'step-seconds': { type: 'string', default: '60' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(
    'npm run simulate -- --base URL [--base URL…] [--users N] [--rate actions/s] [--duration s] [--seed S] [--operators] [--operator-login user:pass…] [--invite CODE] [--steps r1,r2,… --step-seconds s] [--json FILE]',
  );
  process.exit(0);
}
const num = (name: string, v: string, min: number) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < min) {
    console.error(`simulate: --${name} must be a number ≥ ${min}`);
    process.exit(2);
  }
  return n;
};
const operatorLogins = (values['operator-login'] ?? ['admin:admin123']).map((l) => {
  const [username, ...rest] = l.split(':');
  return { username: username!, password: rest.join(':') };
});
const sim = new Simulation({
  bases: (values.base?.length ? values.base : ['http://127.0.0.1:8080']).map((b) => b.replace(/\/$/, '')),
  users: num('users', values.users!, 1),
  rate: num('rate', values.rate!, 0.01),
  duration: num('duration', values.duration!, 0),
  seed: values.seed!,
  operators: values.operators!,
  operatorLogins,
  inviteCode: values.invite,
  steps: values.steps ? values.steps.split(',').map((r) => num('steps', r, 0.01)) : undefined,
  stepSeconds: num('step-seconds', values['step-seconds']!, 1),
  progress: process.stdout.isTTY ? 'tty' : 'lines',
});
process.on('SIGINT', () => sim.stop());
process.on('SIGTERM', () => sim.stop());
try {
  const r = await sim.result();
  console.log(summary(r));
  if (values.json) fs.writeFileSync(values.json, `${JSON.stringify(toJson(r), null, 1)}\n`);
  process.exit(r.failures.length ? 1 : 0);
} catch (e) {
  console.error(`simulate: ${(e as Error).message}`);
  process.exit(1);
}
