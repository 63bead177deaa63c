import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { consoleTheme } from '../../../src/app/antdTheme';
import { PRIMARY_COLORS } from '../../../src/layouts/SettingDrawer';
import { READABLE, READABLE_TAG_SHADES, TONE_PALETTES, contrastRatio, readablePrimary } from '../../../src/shared/theme/contrast';

// WCAG 2.2 AA 1.4.3: normal text reads at 4.5 : 1 against what it sits on
const AA = 4.5;
const WHITE = '#ffffff';
/** the lightest grounds figures and links sit on: table headers, hovered and striped rows, tag tints */
const GROUNDS = [WHITE, '#fafafa', '#f5f5f5'];

/** rgba(0, 0, 0, a) over white, as the page paints it */
const overWhite = (c: string) => {
  const m = /rgba\(0, 0, 0, ([\d.]+)\)/.exec(c);
  if (!m) return c;
  const v = Math.round(255 * (1 - Number(m[1])));
  return `#${v.toString(16).padStart(2, '0').repeat(3)}`;
};

describe('the theme’s colours (issue 65)', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // antd's defaults the issue measured
    expect(contrastRatio('#1e9fff', WHITE)).toBeCloseTo(2.81, 1);
    expect(contrastRatio('#8c8c8c', WHITE)).toBeCloseTo(3.36, 1);
    expect(contrastRatio('#389e0d', WHITE)).toBeLessThan(AA);
  });

  it('darkens every primary colour an operator can choose until white on it and it on white read', () => {
    for (const c of PRIMARY_COLORS) {
      const p = readablePrimary(c);
      for (const ground of GROUNDS) expect(contrastRatio(p, ground), `${c} → ${p} on ${ground}`).toBeGreaterThanOrEqual(AA);
      // the hue stays: the channels keep their order
      const ch = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
      const [a, b] = [ch(c), ch(p)];
      expect(b.map((v, i) => b.filter((w) => w < v).length === a.filter((w) => w < a[i]!).length)).toEqual([true, true, true]);
    }
    // a colour that reads already is kept as it is
    expect(readablePrimary('#10239e')).toBe('#10239e');
  });

  it('gives antd text colours that read, and the dark algorithm its own', () => {
    const light = consoleTheme({ primaryColor: '#1e9fff', navTheme: 'dark' }, false);
    const tokens = theme.getDesignToken(light);
    for (const key of [
      'colorPrimary',
      'colorPrimaryHover',
      'colorLink',
      'colorLinkHover',
      'colorInfo',
      'colorSuccess',
      'colorWarning',
      'colorError',
    ] as const)
      expect(contrastRatio(tokens[key], WHITE), key).toBeGreaterThanOrEqual(AA);
    for (const key of ['colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder'] as const)
      expect(contrastRatio(overWhite(String(light.token![key])), WHITE), key).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(WHITE, tokens.colorPrimary)).toBeGreaterThanOrEqual(AA);
    // a status tag (processing, success, warning, error) writes its colour on its own tint
    for (const s of ['Info', 'Success', 'Warning', 'Error'] as const)
      expect(contrastRatio(tokens[`color${s}`], tokens[`color${s}Bg`]), `${s} tag`).toBeGreaterThanOrEqual(AA);
    for (const [shade, c] of Object.entries(READABLE_TAG_SHADES)) expect(contrastRatio(c, '#fffbe6'), shade).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(overWhite(READABLE.secondary), '#f5f5f5')).toBeGreaterThanOrEqual(AA);
    expect(consoleTheme({ primaryColor: '#1e9fff', navTheme: 'realDark' }, false).token!.colorPrimary).toBe('#1e9fff');
  });

  it('paints up, down and flat figures that read, in both palettes', () => {
    for (const [name, p] of Object.entries(TONE_PALETTES))
      for (const [tone, c] of Object.entries(p))
        for (const ground of GROUNDS) expect(contrastRatio(c, ground), `${name} ${tone} on ${ground}`).toBeGreaterThanOrEqual(AA);
    // red up, green down by default; the colour-blind-safe pair is orange (red channel first) up, blue down
    expect(TONE_PALETTES.redGreen.up).toBe('#cf1322');
    const rgb = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));
    const [ur, , ub] = rgb(TONE_PALETTES.blueOrange.up);
    const [dr, , db] = rgb(TONE_PALETTES.blueOrange.down);
    expect(ur).toBeGreaterThan(ub!);
    expect(db).toBeGreaterThan(dr!);
  });
});
