import { afterAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { changeLang } from '../../../src/app/i18n';
import {
  TONE_COLORS,
  formatChange,
  formatChangePct,
  formatPrice,
  formatTurnover,
  quoteTone,
  toneColor,
  turnoverUnits,
} from '../../../src/shared/market/quoteFormat';
import { ChangeCell, ChangePctCell, LastCell, TurnoverCell } from '../../../src/shared/market/QuoteCells';
import { TONE_PALETTES } from '../../../src/shared/theme/contrast';

// the figures read the palette's CSS variables (shared/theme/contrast.ts TONE_PALETTES, painted by the providers)
const RED = 'var(--tone-up)';
const GREEN = 'var(--tone-down)';
const GREY = 'var(--tone-flat)';

describe('the colour rule: rises red, falls green, unchanged grey', () => {
  it('reads the direction from the decimal string', () => {
    expect(quoteTone('0.50')).toBe('up');
    expect(quoteTone('+0.01')).toBe('up');
    expect(quoteTone('-0.01')).toBe('down');
    expect(quoteTone('-12.30')).toBe('down');
    expect(quoteTone('0.00')).toBe('flat');
    expect(quoteTone('-0.00')).toBe('flat');
    expect(quoteTone('0')).toBe('flat');
    expect(quoteTone(null)).toBe('none');
    expect(quoteTone('')).toBe('none');
    expect(quoteTone('n/a')).toBe('none');
  });

  it('maps up to red and down to green (never the western way round)', () => {
    expect(TONE_COLORS.up).toBe(RED);
    expect(TONE_COLORS.down).toBe(GREEN);
    expect(TONE_PALETTES.redGreen).toMatchObject({ up: '#cf1322', down: '#237804' });
    expect(toneColor('1.00')).toBe(TONE_COLORS.up);
    expect(toneColor('-1.00')).toBe(TONE_COLORS.down);
    expect(toneColor('0.00')).toBe(TONE_COLORS.flat);
    expect(toneColor(null)).toBeUndefined();
  });

  afterAll(() => changeLang('zh-CN'));
  for (const lang of ['zh-CN', 'en-US'] as const)
    it(`colours the cells the same way in ${lang}`, async () => {
      await changeLang(lang);
      const q = (change: string, changePct: string) => ({ last: '10.00', change, changePct, turnover: '1.00', stale: false });
      const colours = (change: string, pct: string) => {
        const v = render(
          <>
            <LastCell q={q(change, pct)} />
            <ChangeCell q={q(change, pct)} />
            <ChangePctCell q={q(change, pct)} />
          </>,
        );
        const out = ['quote-last', 'quote-change', 'quote-change-pct'].map((id) => screen.getByTestId(id).style.color);
        v.unmount();
        return out;
      };
      expect(colours('0.50', '5.26')).toEqual([RED, RED, RED]);
      expect(colours('-0.50', '-4.76')).toEqual([GREEN, GREEN, GREEN]);
      expect(colours('0.00', '0.00')).toEqual([GREY, GREY, GREY]);
    });
});

describe('the stale marker', () => {
  afterAll(() => changeLang('zh-CN'));
  it('tags a stale quote 延迟 / Stale, and a fresh one not at all', async () => {
    await changeLang('zh-CN');
    const v = render(<LastCell q={{ last: '10.00', change: '0.10', changePct: '1.01', turnover: null, stale: true }} />);
    expect(screen.getByTestId('quote-stale').textContent).toBe('延迟');
    v.unmount();
    await changeLang('en-US');
    render(<LastCell q={{ last: '10.00', change: '0.10', changePct: '1.01', turnover: null, stale: true }} />);
    expect(screen.getByTestId('quote-stale').textContent).toBe('Stale');
  });

  it('shows no tag on a fresh quote and a dash before the first quote', () => {
    const v = render(<LastCell q={{ last: '10.00', change: '0.10', changePct: '1.01', turnover: null, stale: false }} />);
    expect(screen.queryByTestId('quote-stale')).toBeNull();
    v.unmount();
    const w = render(<LastCell q={{ last: null, change: null, changePct: null, turnover: null, stale: false }} />);
    expect(w.container.textContent).toBe('-');
  });
});

describe('number formats', () => {
  it('shows prices as given, grouped by thousands (no float rounding)', () => {
    expect(formatPrice('3245.67')).toBe('3,245.67');
    expect(formatPrice('0.10')).toBe('0.10');
    expect(formatPrice('1234567.8901')).toBe('1,234,567.8901');
    expect(formatPrice(null)).toBe('-');
  });

  it('signs changes, flat without a sign', () => {
    expect(formatChange('1.2')).toBe('+1.2');
    expect(formatChange('-0.50')).toBe('-0.50');
    expect(formatChange('0.00')).toBe('0.00');
    expect(formatChangePct('10.00')).toBe('+10.00%');
    expect(formatChangePct('-3.10')).toBe('-3.10%');
    expect(formatChangePct(null)).toBe('-');
  });

  it('scales turnover: 亿 / 万 in Chinese, B / M in English', () => {
    const zh = turnoverUnits('zh-CN', (u) => ({ yi: '亿', wan: '万', billion: 'B', million: 'M' })[u]);
    const en = turnoverUnits('en-US', (u) => ({ yi: '亿', wan: '万', billion: 'B', million: 'M' })[u]);
    expect(formatTurnover('123456789.00', zh)).toBe('1.23亿');
    expect(formatTurnover('56780.00', zh)).toBe('5.68万');
    expect(formatTurnover('999.5', zh)).toBe('999.50');
    expect(formatTurnover('123456789012.00', zh)).toBe('1,234.57亿');
    expect(formatTurnover('123456789.00', en)).toBe('123.46M');
    expect(formatTurnover('2500000000', en)).toBe('2.50B');
    expect(formatTurnover(null, en)).toBe('-');
  });

  it('renders the turnover cell in the console language', async () => {
    await changeLang('zh-CN');
    const v = render(<TurnoverCell q={{ last: null, change: null, changePct: null, turnover: '250000000.00', stale: false }} />);
    expect(screen.getByTestId('quote-turnover').textContent).toBe('2.50亿');
    v.unmount();
    await changeLang('en-US');
    render(<TurnoverCell q={{ last: null, change: null, changePct: null, turnover: '250000000.00', stale: false }} />);
    expect(screen.getByTestId('quote-turnover').textContent).toBe('250.00M');
    await changeLang('zh-CN');
  });
});
