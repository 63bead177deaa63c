import { describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/lib/request';
import { fieldErrorOf, showFieldError } from '../../../src/lib/serverErrors';

const invalid = (msg: string) => new RequestError('status', msg, 2);

describe('server validation messages on the field', () => {
  it('reads the field and reason in both languages', () => {
    expect(fieldErrorOf(invalid('参数错误：withdrawEnd 必须晚于开始时间'))).toEqual({ field: 'withdrawEnd', reason: '必须晚于开始时间' });
    expect(fieldErrorOf(invalid('Invalid argument: maxAmount must not be below the minimum amount'))).toEqual({
      field: 'maxAmount',
      reason: 'must not be below the minimum amount',
    });
  });

  it('ignores refusals that are not about a field', () => {
    expect(fieldErrorOf(new RequestError('status', '参数错误：x y', 1))).toBeNull();
    expect(fieldErrorOf(new RequestError('network', 'x'))).toBeNull();
    expect(fieldErrorOf(invalid('分层名称已存在'))).toBeNull();
    expect(fieldErrorOf(new Error('参数错误：a b'))).toBeNull();
  });

  it('sets the error on a known field only', () => {
    const form = { setFields: vi.fn(), getFieldsValue: vi.fn(() => ({ minRecharge: '1' })) };
    expect(showFieldError(form, invalid('参数错误：minRecharge 必须大于 0'))).toBe(true);
    expect(form.setFields).toHaveBeenCalledWith([{ name: 'minRecharge', errors: ['必须大于 0'] }]);
    expect(showFieldError(form, invalid('参数错误：other 不能为空'))).toBe(false);
    expect(showFieldError(form, invalid('参数错误：note 不能为空'), ['note'])).toBe(true);
  });
});
