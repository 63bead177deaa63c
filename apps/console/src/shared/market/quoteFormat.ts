/**
 * How quotes look (DESIGN §6): rises red, falls green — the Chinese market convention, in every
 * console language — and unchanged grey. Prices arrive as decimal strings with two decimals and are
 * shown as given (grouped by thousands), never through a float; only turnover is scaled (万/亿, M/B).
 */
import { TONE_PALETTES } from '../theme/contrast';

export type Tone = 'up' | 'down' | 'flat' | 'none';

/**
 * Red up, green down, grey flat: the same in zh-CN and en-US; orange and blue in the colour-blind-safe palette. CSS
 * variables (shared/theme/contrast.ts TONE_PALETTES, painted by app/providers.tsx).
 */
export const TONE_COLORS: Record<Tone, string | undefined> = {
  up: 'var(--tone-up)',
  down: 'var(--tone-down)',
  flat: 'var(--tone-flat)',
  none: undefined,
};

/** A tone's colour as a value (a canvas chart cannot read CSS variables). */
export function toneValue(tone: 'up' | 'down' | 'flat'): string {
  const v = getComputedStyle(document.documentElement).getPropertyValue(`--tone-${tone}`).trim();
  return v || TONE_PALETTES.redGreen[tone];
}

const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/** The direction of a change (a decimal string): up, down, flat (zero) or none (no quote / unreadable). */
export function quoteTone(change: string | null | undefined): Tone {
  const m = DECIMAL.exec((change ?? '').trim());
  if (!m) return 'none';
  const zero = /^0+$/.test(m[2]!) && /^0*$/.test(m[3] ?? '');
  if (zero) return 'flat';
  return m[1] === '-' ? 'down' : 'up';
}

export const toneColor = (change: string | null | undefined): string | undefined => TONE_COLORS[quoteTone(change)];

const group = (int: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A price as given, grouped by thousands: '3245.6' → '3,245.6'; '-' when absent. */
export function formatPrice(v: string | null | undefined): string {
  const s = (v ?? '').trim();
  const m = DECIMAL.exec(s);
  if (!m) return s || '-';
  return `${m[1] === '-' ? '-' : ''}${group(m[2]!.replace(/^0+(?=\d)/, ''))}${m[3] !== undefined ? `.${m[3]}` : ''}`;
}

/** A change with its sign: '+1.23', '-0.50', '0.00' (flat has no sign); '-' when absent. */
export function formatChange(v: string | null | undefined, suffix = ''): string {
  const tone = quoteTone(v);
  if (tone === 'none') return '-';
  const body = formatPrice((v ?? '').trim().replace(/^[+-]/, ''));
  return `${tone === 'up' ? '+' : tone === 'down' ? '-' : ''}${body}${suffix}`;
}

export const formatChangePct = (v: string | null | undefined): string => formatChange(v, quoteTone(v) === 'none' ? '' : '%');

/** Units of a turnover scale, largest first: `[divisor, label]`. */
export type TurnoverUnits = readonly (readonly [number, string])[];

/**
 * Turnover in yuan, scaled for reading: zh-CN uses 亿 (1e8) and 万 (1e4), en-US B (1e9) and M (1e6);
 * two decimals; below the smallest unit the amount itself with two decimals. Display only.
 */
export function formatTurnover(v: string | null | undefined, units: TurnoverUnits): string {
  const n = Number((v ?? '').trim());
  if (v == null || (v ?? '').trim() === '' || !Number.isFinite(n)) return '-';
  for (const [div, label] of units) if (Math.abs(n) >= div) return `${formatPrice((n / div).toFixed(2))}${label}`;
  return formatPrice(n.toFixed(2));
}

export const turnoverUnits = (lang: string, label: (unit: 'yi' | 'wan' | 'billion' | 'million') => string): TurnoverUnits =>
  lang === 'en-US'
    ? [
        [1e9, label('billion')],
        [1e6, label('million')],
      ]
    : [
        [1e8, label('yi')],
        [1e4, label('wan')],
      ];
