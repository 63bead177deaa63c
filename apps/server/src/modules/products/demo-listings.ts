import type { StockMarket } from '@stock-admin/contracts';
import { DEMO_STOCKS_BJ } from './demo-stocks-bj.js';
import { DEMO_STOCKS_SH } from './demo-stocks-sh.js';
import { DEMO_STOCKS_SZ } from './demo-stocks-sz.js';

/**
 * Demo data (issue 20 item 6): real A-share listings an operator recognises, typed as data. Codes and
 * short names are the exchanges' own; names are given in their common half-width form (万科A, not the
 * exchange's padded 万  科Ａ). Previous closes are plausible recent prices, not a snapshot of any day.
 *
 * Beijing listings carry their 920 codes: on 2025-10-09 the BSE moved every listed company off the
 * old 43/83/87 NEEQ codes to 920 + the old code's last three digits (the later-listed company of a
 * pair sharing those digits got a different number, so none such are listed here); companies listed
 * since 2024 had 920 codes from the start.
 *
 * The stock rows are kept per exchange in demo-stocks-sh.ts, demo-stocks-sz.ts and demo-stocks-bj.ts (typed
 * TypeScript rather than JSON, so the bundle needs nothing special and the board comments stay); this file
 * holds the types, their concatenation in seed order and the six indices.
 */
export interface DemoListing {
  code: string;
  name: string;
  market: StockMarket;
  /** Decimal string, two decimals: the previous close the quote feed starts from. */
  prevClose: string;
}

export const DEMO_STOCKS: readonly DemoListing[] = [...DEMO_STOCKS_SH, ...DEMO_STOCKS_SZ, ...DEMO_STOCKS_BJ];

/** An index product of the demo: the listing facts and the product's trading settings. */
export interface DemoIndex extends DemoListing {
  tradable: boolean;
  marginPerLot: string;
  feePerLot: string;
  valuePerPoint: string;
  minLots: number;
  maxLots: number;
  description: string;
}

/** The six indices of the app's home strip (margins about a tenth of one lot's value at the previous close). */
export const DEMO_INDICES: readonly DemoIndex[] = [
  {
    code: '000001',
    name: '上证指数',
    market: 'sh',
    prevClose: '3882.78',
    tradable: true,
    marginPerLot: '4000',
    feePerLot: '8',
    valuePerPoint: '10',
    minLots: 1,
    maxLots: 100,
    description: '上海证券交易所综合股价指数，反映沪市全部上市股票的整体走势。每点 10 元，每手保证金 4000 元。',
  },
  {
    code: '399001',
    name: '深证成指',
    market: 'sz',
    prevClose: '12946.35',
    tradable: false,
    marginPerLot: '6500',
    feePerLot: '8',
    valuePerPoint: '5',
    minLots: 1,
    maxLots: 100,
    description: '深圳证券交易所成份股价指数，由深市规模大、流动性好的 500 只股票组成。每点 5 元。',
  },
  {
    code: '399006',
    name: '创业板指',
    market: 'sz',
    prevClose: '3048.61',
    tradable: false,
    marginPerLot: '3000',
    feePerLot: '6',
    valuePerPoint: '10',
    minLots: 1,
    maxLots: 50,
    description: '创业板指数，由创业板中市值大、流动性好的 100 只股票组成，成长风格鲜明，波动较大。',
  },
  {
    code: '000688',
    name: '科创50',
    market: 'sh',
    prevClose: '1351.42',
    tradable: false,
    marginPerLot: '2700',
    feePerLot: '6',
    valuePerPoint: '20',
    minLots: 1,
    maxLots: 50,
    description: '上证科创板 50 成份指数，由科创板市值大、流动性好的 50 只证券组成。每点 20 元。',
  },
  {
    code: '899050',
    name: '北证50',
    market: 'bj',
    prevClose: '1452.36',
    tradable: false,
    marginPerLot: '1500',
    feePerLot: '5',
    valuePerPoint: '10',
    minLots: 1,
    maxLots: 50,
    description: '北证 50 成份指数，由北京证券交易所市值大、流动性好的 50 只证券组成，单日波动可能较大。',
  },
  {
    code: '000300',
    name: '沪深300',
    market: 'sh',
    prevClose: '4553.90',
    tradable: true,
    marginPerLot: '4600',
    feePerLot: '8',
    valuePerPoint: '10',
    minLots: 1,
    maxLots: 200,
    description: '沪深 300 指数，由沪深两市规模大、流动性好的 300 只股票组成，反映 A 股市场核心资产表现。每点 10 元。',
  },
];
