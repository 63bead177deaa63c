import dayjs from 'dayjs';

/** A time in the operator's time zone (DESIGN §6). */
export const fmtTime = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '-');

/** Milliseconds → `850 ms` / `2.4 s` / `3 min 5 s`. */
export function fmtDuration(ms: number | null | undefined): string {
  if (ms == null) return '-';
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const m = Math.floor(ms / 60_000);
  const s = Math.round((ms % 60_000) / 1000);
  return s ? `${m} min ${s} s` : `${m} min`;
}

/** Pretty JSON of a log summary (`undefined`/`null` → empty). */
export function prettyJson(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') {
    try {
      return JSON.stringify(JSON.parse(v), null, 2);
    } catch {
      return v;
    }
  }
  return JSON.stringify(v, null, 2);
}

/**
 * An operation-log summary `{input, before?, after?}` → the fields that changed, for the one-line column:
 * `locked: false → true`; without before/after, the input's fields. At most `max` items.
 */
export function summaryDiff(summary: unknown, max = 4, label: (field: string) => string = (f) => f): string[] {
  if (!summary || typeof summary !== 'object') return [];
  const s = summary as { before?: unknown; after?: unknown; input?: unknown };
  const obj = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const short = (v: unknown) => {
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    return text === undefined ? '∅' : text.length > 24 ? `${text.slice(0, 23)}…` : text;
  };
  if (!('before' in s) && !('after' in s)) {
    // Only the call's input: its fields.
    return Object.entries(obj('input' in s ? s.input : summary))
      .slice(0, max)
      .map(([k, v]) => `${label(k)}: ${short(v)}`);
  }
  const before = obj(s.before);
  const after = obj(s.after);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const out: string[] = [];
  for (const k of keys) {
    const a = before[k];
    const b = after[k];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (!(k in before)) out.push(`${label(k)}: ${short(b)}`);
    else if (!(k in after)) out.push(`${label(k)}: ${short(a)} → ∅`);
    else out.push(`${label(k)}: ${short(a)} → ${short(b)}`);
    if (out.length >= max) break;
  }
  return out;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\/(\d+)/, 'Edge'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:HeadlessChrome|Chrome|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^]*Safari/, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A short client name from a user agent: `Chrome 120 · Windows`; other agents by their first word (`curl`). */
export function clientOf(ua: string | null | undefined): string {
  if (!ua) return '-';
  let browser = ua.split(/[\s/]/)[0] || ua;
  for (const [re, name] of BROWSERS) {
    const m = re.exec(ua);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  return os ? `${browser} · ${os}` : browser;
}
