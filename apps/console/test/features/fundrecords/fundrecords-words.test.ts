import { describe, expect, it } from 'vitest';
import i18n, { ensureFullCatalogue } from '../../../src/app/i18n';
import { noteText, referenceText } from '../../../src/features/fundrecords/lib/words';

describe("the ledger's own words in the reader's language", () => {
  it('translates the fixed notes, the settlement note and the references; leaves typed text alone', async () => {
    await ensureFullCatalogue();
    const zh = i18n.getFixedT('zh-CN');
    const en = i18n.getFixedT('en-US');
    expect(noteText(zh, 'cancelled')).toBe('用户撤销');
    expect(noteText(en, 'cancelled')).toBe('Cancelled by the user');
    expect(noteText(zh, 'P/L -4000.00, fee 12.00, stamp 20.00, unpaid 14.00')).toBe(
      '盈亏 -4000.00，卖出手续费 12.00，印花税 20.00，未付 14.00（记为欠款）',
    );
    expect(noteText(en, 'P/L 10.50, fee 5.00, stamp 0.00')).toBe('P/L 10.50, sell fee 5.00, stamp duty 0.00');
    expect(noteText(zh, '银行卡信息有误')).toBe('银行卡信息有误');
    expect(referenceText(zh, 'withdraw:22')).toBe('提现单 #22');
    expect(referenceText(en, 'recharge:67')).toBe('Deposit #67');
    expect(referenceText(en, 'P202611240001')).toBe('P202611240001');
  });
});
