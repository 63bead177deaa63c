// The soak's curves as an SVG (no chart library: two panels of polylines) — memory of each instance, and the
// simulator's latency per 10 s window, against minutes since the start; the warm-up's end as a dashed line.
const W = 960;
const PANEL = 280;
const M = { left: 70, right: 170, top: 40, bottom: 40 };
const COLORS = { A: '#1677ff', B: '#fa8c16', p50: '#52c41a', p99: '#cf1322', lag: '#722ed1' };
const esc = (s) => String(s).replace(/[<&>]/g, (c) => ({ '<': '&lt;', '&': '&amp;', '>': '&gt;' })[c]);

function panel(y0, title, unit, series, tMax, warmup) {
  const w = W - M.left - M.right;
  const h = PANEL - M.top - M.bottom;
  const yMax = niceMax(Math.max(1, ...series.flatMap((s) => s.points.map((p) => p[1]))));
  const x = (t) => M.left + (t / tMax) * w;
  const y = (v) => y0 + M.top + h - (v / yMax) * h;
  const out = [`<text x="${M.left}" y="${y0 + 24}" font-size="15" font-weight="600">${esc(title)}</text>`];
  for (let i = 0; i <= 4; i++) {
    const v = (yMax * i) / 4;
    out.push(`<line x1="${M.left}" x2="${M.left + w}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`);
    out.push(`<text x="${M.left - 6}" y="${y(v) + 4}" font-size="11" text-anchor="end">${+v.toFixed(1)} ${unit}</text>`);
  }
  const step = tMax > 1200 ? 300 : tMax > 300 ? 60 : 10;
  for (let t = 0; t <= tMax; t += step)
    out.push(`<text x="${x(t)}" y="${y0 + M.top + h + 16}" font-size="11" text-anchor="middle">${+(t / 60).toFixed(1)} min</text>`);
  if (warmup > 0 && warmup < tMax)
    out.push(
      `<line x1="${x(warmup)}" x2="${x(warmup)}" y1="${y0 + M.top}" y2="${y0 + M.top + h}" stroke="#999" stroke-dasharray="4 4"/>`,
      `<text x="${x(warmup) + 4}" y="${y0 + M.top + 12}" font-size="11" fill="#666">warm-up ends</text>`,
    );
  series.forEach((s, i) => {
    const pts = s.points.map(([t, v]) => `${x(t).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    out.push(`<polyline fill="none" stroke="${s.color}" stroke-width="1.6" ${s.dash ? 'stroke-dasharray="5 3"' : ''} points="${pts}"/>`);
    const ly = y0 + M.top + 14 + i * 18;
    out.push(
      `<line x1="${M.left + w + 12}" x2="${M.left + w + 34}" y1="${ly - 4}" y2="${ly - 4}" stroke="${s.color}" stroke-width="2" ${s.dash ? 'stroke-dasharray="5 3"' : ''}/>`,
    );
    out.push(`<text x="${M.left + w + 40}" y="${ly}" font-size="12">${esc(s.label)}</text>`);
  });
  out.push(`<rect x="${M.left}" y="${y0 + M.top}" width="${w}" height="${h}" fill="none" stroke="#ccc"/>`);
  return out.join('\n');
}

function niceMax(v) {
  const p = 10 ** Math.floor(Math.log10(v));
  return [1, 2, 2.5, 5, 10].map((m) => m * p).find((m) => m >= v) ?? v;
}

export function drawSoak(result) {
  const { samples, sim, options } = result;
  const names = Object.keys(samples[0]).filter((k) => k !== 't' && k !== 'dbConnections');
  const tMax = Math.max(samples.at(-1).t, ...(sim?.timeline ?? []).map((p) => p.t), 1);
  const MB = 2 ** 20;
  const memory = names.flatMap((n) => [
    { label: `${n} RSS`, color: COLORS[n] ?? '#333', points: samples.map((s) => [s.t, s[n].rss / MB]) },
    { label: `${n} heap used`, color: COLORS[n] ?? '#333', dash: true, points: samples.map((s) => [s.t, s[n].heapUsed / MB]) },
  ]);
  const timeline = (sim?.timeline ?? []).filter((p) => p.count > 0);
  const latency = [
    { label: 'p50 (all actions)', color: COLORS.p50, points: timeline.map((p) => [p.t, p.p50]) },
    { label: 'p99 (all actions)', color: COLORS.p99, points: timeline.map((p) => [p.t, p.p99]) },
    ...names.map((n) => ({
      label: `${n} event-loop p99`,
      color: COLORS.lag,
      dash: n !== names[0],
      points: samples.filter((s) => s[n].lagP99 > 0).map((s) => [s.t, s[n].lagP99 * 1000]),
    })),
  ];
  const rate = sim ? (sim.total.count / sim.seconds).toFixed(1) : '?';
  const title = `Soak: ${options.users} users, ${rate} actions/s (users ${options.rate}/s and two operator bots), two instances on PostgreSQL + Redis — ${result.date.slice(0, 10)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${2 * PANEL + 44}" font-family="sans-serif" viewBox="0 0 ${W} ${2 * PANEL + 44}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${M.left}" y="20" font-size="13" fill="#444">${esc(title)}</text>`,
    panel(24, 'Memory of each instance', 'MB', memory, tMax, options.warmup),
    panel(24 + PANEL, 'Latency per 10 s window (simulator, whole round trip) and event-loop delay', 'ms', latency, tMax, options.warmup),
    '</svg>',
    '',
  ].join('\n');
}
