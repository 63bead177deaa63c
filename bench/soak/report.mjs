// The soak's figures and targets (issue 38) from soak.json: text for the terminal and bench/README.md.
const MB = 2 ** 20;
const ms = (s) => (s == null ? '—' : `${(s * 1000).toFixed(1)} ms`);
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0);

export function report(result, { histogramQuantile }) {
  const { samples, sim, options } = result;
  const names = Object.keys(samples[0]).filter((k) => k !== 't' && k !== 'dbConnections');
  const first = samples[0];
  const last = samples.at(-1);
  const warm = samples.find((s) => s.t >= options.warmup) ?? first;
  const after = samples.filter((s) => s.t >= warm.t);
  const lines = [];
  const failures = [];
  const targets = [];

  const total = sim?.total ?? { count: 0, errors: 0, broken: 0 };
  const rate = sim ? total.count / sim.seconds : 0;
  lines.push(`${total.count} actions in ${sim?.seconds.toFixed(0) ?? '?'} s (${rate.toFixed(1)}/s), ${options.users} users, two instances`);

  // per action, client side (the simulator's clock: the whole HTTP round trip)
  lines.push('', '| action | count | ok | refused | 5xx | p50 | p99 |', '|---|--:|--:|--:|--:|--:|--:|');
  const actions = Object.entries(sim?.actions ?? {}).sort((a, b) => b[1].count - a[1].count);
  for (const [name, a] of actions)
    lines.push(`| ${name} | ${a.count} | ${a.ok} | ${a.refused} | ${a.errors} | ${a.p50.toFixed(1)} ms | ${a.p99.toFixed(1)} ms |`);
  const slow = actions.filter(([, a]) => a.p99 > 200).map(([n, a]) => `${n} ${a.p99.toFixed(0)} ms`);

  const serverErrors = names.reduce((s, n) => s + (last[n].serverErrors - first[n].serverErrors), 0);
  const sent = names.reduce((s, n) => s + (last[n].noticesSent - first[n].noticesSent), 0);
  const received = Object.values(sim?.notices ?? {}).reduce((s, n) => s + n, 0);
  const lost = sim?.lostNotices ?? 0;
  lines.push('', '| figure | ' + names.join(' | ') + ' |', '|---|' + names.map(() => '--:').join('|') + '|');
  const row = (label, f) => lines.push(`| ${label} | ${names.map((n) => f(n)).join(' | ')} |`);
  const growth = (n, key) => (last[n][key] - warm[n][key]) / warm[n][key];
  row('RSS at warm-up end → end', (n) => `${(warm[n].rss / MB).toFixed(0)} → ${(last[n].rss / MB).toFixed(0)} MB`);
  row('RSS growth after warm-up', (n) => `${(growth(n, 'rss') * 100).toFixed(1)} %`);
  row('RSS max after warm-up', (n) => `${(Math.max(...after.map((s) => s[n].rss)) / MB).toFixed(0)} MB`);
  row('heap used warm-up end → end', (n) => `${(warm[n].heapUsed / MB).toFixed(0)} → ${(last[n].heapUsed / MB).toFixed(0)} MB`);
  row('event-loop delay p99 (median / max of samples)', (n) => {
    const xs = after.map((s) => s[n].lagP99).filter((x) => Number.isFinite(x) && x > 0);
    return `${ms(median(xs))} / ${ms(Math.max(0, ...xs))}`;
  });
  row(
    'pool connections max (waiting max)',
    (n) => `${Math.max(...samples.map((s) => s[n].pool.total))} (${Math.max(...samples.map((s) => s[n].pool.waiting))})`,
  );
  row('requests served', (n) => String(last[n].requests - first[n].requests));
  row('HTTP 5xx', (n) => String(last[n].serverErrors - first[n].serverErrors));
  row('transactions retried', (n) => String(last[n].retries - first[n].retries));
  row('failed statements by SQLSTATE class', (n) => {
    const d = Object.entries(last[n].queryErrors)
      .map(([c, v]) => [c, v - (first[n].queryErrors[c] ?? 0)])
      .filter(([, v]) => v);
    return d.length ? d.map(([c, v]) => `${c}: ${v}`).join(', ') : 'none';
  });
  row('fund records posted', (n) => String(last[n].postings - first[n].postings));
  row('notices sent', (n) => String(last[n].noticesSent - first[n].noticesSent));
  row('event fan-out delay p99', (n) => ms(histogramQuantile(0.99, last[n].fanout, first[n].fanout)));
  row('quote tick p99 (the leader)', (n) => ms(histogramQuantile(0.99, last[n].quoteTick, first[n].quoteTick)));
  lines.push(`| database connections (pg_stat_activity, max) | ${Math.max(...samples.map((s) => s.dbConnections))} in all |`);

  const refusals = Object.entries(sim?.refusals ?? {}).sort((a, b) => b[1] - a[1]);
  lines.push('', 'refusals by reason (top 12):', ...refusals.slice(0, 12).map(([m, n]) => `  ${String(n).padStart(7)}  ${m}`));
  lines.push('', `notices: sent ${sent} (both instances), received ${received} on the operators' socket, lost ${lost}`);

  const check = (ok, text) => targets.push(`${ok ? 'met   ' : 'MISSED'}  ${text}`);
  check(total.errors === 0 && serverErrors === 0, `0 × 5xx (simulator ${total.errors}, servers ${serverErrors})`);
  check(
    lost === 0 && !(sim?.socketClosed ?? []).length,
    `0 lost notices (${lost}${sim?.socketClosed?.length ? `; socket closed: ${sim.socketClosed.join(', ')}` : ''})`,
  );
  check(result.ledgerVerified, 'ledger verified after the run');
  const growths = names.map((n) => growth(n, 'rss'));
  check(
    growths.every((g) => g <= 0.1),
    `RSS growth ≤ 10 % after warm-up (${growths.map((g) => `${(g * 100).toFixed(1)} %`).join(', ')})`,
  );
  check(!slow.length, `p99 ≤ 200 ms for every action${slow.length ? ` (over: ${slow.join(', ')})` : ''}`);
  lines.push('', 'targets:', ...targets.map((t) => `  ${t}`));

  if (total.errors || serverErrors) failures.push(`${total.errors + serverErrors} × 5xx`);
  if (total.broken) failures.push(`${total.broken} answers outside the envelope`);
  if (lost) failures.push(`${lost} lost notices`);
  if (sim?.socketClosed?.length) failures.push("the operators' socket was closed");
  if (!result.ledgerVerified) failures.push('ledger:verify failed');
  if (result.simExit !== 0) failures.push(`the simulator exited ${result.simExit}${sim ? `: ${sim.failures.join('; ')}` : ''}`);
  return { text: lines.join('\n'), failures };
}
