/**
 * Colours that read (issue 65, WCAG 2.2 AA 1.4.3: 4.5 : 1 for text). The operator's chosen primary colour is kept
 * in their settings as chosen and painted darkened just enough that white text on it and it as text on white both
 * reach the ratio; the semantic colours are fixed here, once, for the theme tokens and the few styles outside antd.
 */

/** WCAG's relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const hex = (v: number) =>
  Math.round(Math.min(255, Math.max(0, v)))
    .toString(16)
    .padStart(2, '0');

/** `#rgb` or `#rrggbb`, lower-case `#rrggbb`; anything else unchanged. */
function normalise(c: string): string {
  const s = c.trim().toLowerCase();
  if (/^#[0-9a-f]{3}$/.test(s)) return `#${[...s.slice(1)].map((x) => x + x).join('')}`;
  return s;
}

/** The colour as lower-case `#rrggbb`, or undefined when it is not one (a name, rgba). */
function rgbHex(color: string | undefined): string | undefined {
  const c = color === undefined ? undefined : normalise(color);
  return c && /^#[0-9a-f]{6}$/.test(c) ? c : undefined;
}

/**
 * A colour with each of its red, green and blue channels (0–255) passed through `f`, as `#rrggbb`; a colour that is
 * not one (undefined, a name, rgba) is returned as it is.
 */
function mapChannels<C extends string | undefined>(color: C, f: (v: number) => number): C {
  const c = rgbHex(color);
  if (c === undefined) return color;
  const n = Number.parseInt(c.slice(1), 16);
  return `#${hex(f((n >> 16) & 255))}${hex(f((n >> 8) & 255))}${hex(f(n & 255))}` as C;
}

/**
 * On white, with the margin that keeps it ≥ 4.5 : 1 on its own lightest tint too (a processing tag, an active tab's
 * background).
 */
const TEXT_RATIO = 5;
const cache = new Map<string, string>();

/**
 * The chosen colour, darkened (its channels scaled down together, so the hue stays) until white text on it and it as
 * text on white reach 4.5 : 1. A colour that already does is returned as it is.
 */
export function readablePrimary<C extends string | undefined>(color: C): C {
  const c = rgbHex(color);
  if (c === undefined) return color;
  const hit = cache.get(c);
  if (hit) return hit as C;
  let out: string = c;
  for (let k = 1; contrastRatio(out, '#ffffff') < TEXT_RATIO && k > 0.05; k -= 0.01) out = shade(c, k);
  cache.set(c, out);
  return out as C;
}

/** A darker shade of a colour (its channels scaled by `k`): hovered and pressed links and buttons stay as readable. */
export const shade = <C extends string | undefined>(color: C, k: number): C => mapChannels(color, (v) => v * k);

/**
 * A light tint of a colour (`share` of it over white): the ground of a tag written in that colour. antd's own tint of a
 * darkened seed is darker too, and a processing tag's blue then reads at 4.4 : 1 on it.
 */
export const tint = <C extends string | undefined>(color: C, share = 0.05): C => mapChannels(color, (v) => 255 - (255 - v) * share);

/**
 * The semantic colours as text on white or on their tag's tint (all ≥ 4.5 : 1). antd's defaults — green #52c41a,
 * gold #faad14, red #ff4d4f, grey #8c8c8c — read at 1.9 to 3.4 : 1.
 */
export const READABLE = {
  success: '#237804',
  warning: '#ad4e00',
  error: '#cf1322',
  /** secondary text, breadcrumbs, hints: rgba(0,0,0,0.6) on white */
  secondary: 'rgba(0, 0, 0, 0.6)',
  /** placeholders: a little lighter than secondary text, still 4.6 : 1 */
  placeholder: 'rgba(0, 0, 0, 0.54)',
} as const;

/**
 * antd's preset tag colours are text in the palette's 7th shade on its 1st: these are the shades that reach 4.5 : 1
 * where the 7th does not (green, orange, gold, cyan, volcano, lime, yellow).
 */
export const READABLE_TAG_SHADES = {
  green7: '#237804',
  orange7: '#ad4e00',
  gold7: '#874d00',
  cyan7: '#006d75',
  volcano7: '#ad2102',
  lime7: '#3f6600',
  yellow7: '#7c6300',
} as const;

export type TonePalette = 'redGreen' | 'blueOrange';

/**
 * The market's colours, painted as CSS variables (`--tone-up`, `--tone-down`, `--tone-flat`: app/providers.tsx) so that
 * an operator's palette repaints every figure at once. Red up, green down in both languages; the colour-blind-safe
 * pair is orange up, blue down. Every figure keeps its sign or arrow whatever the palette.
 */
export const TONE_PALETTES: Record<TonePalette, { up: string; down: string; flat: string }> = {
  redGreen: { up: '#cf1322', down: '#237804', flat: '#666666' },
  blueOrange: { up: '#a84e00', down: '#0b5cad', flat: '#666666' },
};
