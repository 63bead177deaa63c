import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_RISK, DEFAULT_PRODUCT_CONFIG, DEFAULT_STOCK_RISK, type QuoteTick } from '@stock-admin/contracts';
import { AppError } from '../../src/http/errors.js';
import { t } from '../../src/app/i18n.js';
import type { RiskRules } from '../../src/modules/risk/settings.js';
import { assertOrderShape, type TradedStock } from '../../src/modules/trading/rules.js';

/** Issue 36: a buy before a stock's first ask is refused for what it is (no seller), not as a limit at 0.00 %. */
const rules = { docs: { stock: DEFAULT_STOCK_RISK, product: DEFAULT_PRODUCT_CONFIG, index: DEFAULT_INDEX_RISK } } as unknown as RiskRules;
const stock: TradedStock = { id: 1, gid: 'sh600036', code: '600036', name: '招商银行', board: 'main', st: false, spreadRate: '0' };
const quote = (o: Partial<QuoteTick>): QuoteTick => ({
  gid: 'sh600036',
  last: '40.00',
  prevClose: '40.00',
  change: '0.00',
  changePct: '0.00',
  open: null,
  high: null,
  low: null,
  volume: '0',
  turnover: '0',
  bid: '39.99',
  ask: '40.01',
  stale: false,
  at: new Date().toISOString(),
  ...o,
});
const refusal = (q: QuoteTick, direction: 'long' | 'short') => {
  try {
    assertOrderShape(rules, stock, q, { shares: 100, leverage: DEFAULT_STOCK_RISK.leverages[0]!, direction });
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return {
      'zh-CN': t('zh-CN', e.key, e.params as Record<string, string>),
      'en-US': t('en-US', e.key, e.params as Record<string, string>),
    };
  }
  return null;
};

describe('no seller yet, no buyer yet', () => {
  it('says there is no seller when a stock has no ask, in both languages', () => {
    expect(refusal(quote({ ask: null, bid: null }), 'long')).toEqual({
      'zh-CN': '该股票暂无卖盘，暂不能买入，请稍后再试',
      'en-US': 'Nobody is selling this stock yet; try buying again shortly',
    });
    expect(refusal(quote({ ask: null, bid: null }), 'short')).toEqual({
      'zh-CN': '该股票暂无买盘，暂不能卖空，请稍后再试',
      'en-US': 'Nobody is buying this stock yet; try shorting again shortly',
    });
  });

  it('still says limit up or down when the price is at its limit', () => {
    expect(refusal(quote({ changePct: '10.00', ask: null }), 'long')?.['zh-CN']).toBe('涨幅已达 10.00%，暂停买入');
    expect(refusal(quote({ changePct: '-10.00', bid: null }), 'short')?.['en-US']).toBe('Down -10.00% today: no shorts at this level');
    expect(refusal(quote({}), 'long')).toBeNull();
  });
});
