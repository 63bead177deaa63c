import { describe, expect, it } from 'vitest';
import { gidOf, indexCodeProblem, isSt, priceLimitPct, stockBoardOf, stockMarketOf } from '../src/stock-codes.js';

describe('stock codes per market', () => {
  it('derives the board from the prefix within its market', () => {
    expect(stockBoardOf('sh', '600519')).toEqual({ board: 'main' });
    expect(stockBoardOf('sh', '605499')).toEqual({ board: 'main' });
    expect(stockBoardOf('sh', '688981')).toEqual({ board: 'star' });
    expect(stockBoardOf('sh', '689009')).toEqual({ board: 'star' });
    expect(stockBoardOf('sz', '000858')).toEqual({ board: 'main' });
    expect(stockBoardOf('sz', '002594')).toEqual({ board: 'main' });
    expect(stockBoardOf('sz', '300750')).toEqual({ board: 'chinext' });
    expect(stockBoardOf('sz', '301269')).toEqual({ board: 'chinext' });
    expect(stockBoardOf('bj', '430047')).toEqual({ board: 'bj' });
    expect(stockBoardOf('bj', '920819')).toEqual({ board: 'bj' });
    expect(stockBoardOf('bj', '835185')).toEqual({ board: 'bj' });
  });

  it('refuses a code of another market, and codes no market assigns', () => {
    expect(stockBoardOf('sz', '600519')).toEqual({ problem: 'code_market_mismatch' });
    expect(stockBoardOf('sh', '300750')).toEqual({ problem: 'code_market_mismatch' });
    expect(stockBoardOf('bj', '000001')).toEqual({ problem: 'code_market_mismatch' });
    expect(stockBoardOf('sh', '700000')).toEqual({ problem: 'invalid_stock_code' });
    expect(stockBoardOf('sh', '60051')).toEqual({ problem: 'invalid_stock_code' });
    expect(stockBoardOf('sh', '6005190')).toEqual({ problem: 'invalid_stock_code' });
    expect(stockBoardOf('sh', '60051a')).toEqual({ problem: 'invalid_stock_code' });
  });

  it('finds the market of a code and builds the gid', () => {
    expect(stockMarketOf('601318')).toBe('sh');
    expect(stockMarketOf('000001')).toBe('sz');
    expect(stockMarketOf('832000')).toBe('bj');
    expect(stockMarketOf('999999')).toBeUndefined();
    expect(gidOf('sh', '600000')).toBe('sh600000');
  });

  it('checks index codes per market', () => {
    expect(indexCodeProblem('sh', '000001')).toBeUndefined();
    expect(indexCodeProblem('sh', '000688')).toBeUndefined();
    expect(indexCodeProblem('sz', '399006')).toBeUndefined();
    expect(indexCodeProblem('bj', '899050')).toBeUndefined();
    expect(indexCodeProblem('sz', '000300')).toBe('code_market_mismatch');
    expect(indexCodeProblem('sh', 'abc')).toBe('invalid_stock_code');
  });
});

describe('price limits', () => {
  it('by board, with ST narrower on the main boards only', () => {
    expect(priceLimitPct('main', false)).toBe(10);
    expect(priceLimitPct('main', true)).toBe(5);
    expect(priceLimitPct('star', false)).toBe(20);
    expect(priceLimitPct('chinext', true)).toBe(20);
    expect(priceLimitPct('bj', false)).toBe(30);
  });

  it('recognises ST names', () => {
    for (const n of ['ST华微', '*ST中润', 'SST前锋', 'S*ST天发', 'st 测试']) expect(isSt(n), n).toBe(true);
    for (const n of ['贵州茅台', '中芯国际', 'TCL科技', '特变电工']) expect(isSt(n), n).toBe(false);
  });
});
