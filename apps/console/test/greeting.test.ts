import { describe, expect, it } from 'vitest';
import i18n, { changeLang } from '../src/app/i18n';
import { greetingOf } from '../src/lib/greeting';

describe('greeting by hour (spec §9)', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ])('%i h → %s', (h, g) => expect(greetingOf(h)).toBe(g));

  it('says it in both languages', async () => {
    await changeLang('zh-CN');
    expect([8, 10, 12, 15, 21].map((h) => i18n.t(`workplace.greeting.${greetingOf(h)}`))).toEqual([
      '早上好',
      '上午好',
      '中午好',
      '下午好',
      '晚上好',
    ]);
    expect(i18n.t('workplace.welcome', { greeting: '早上好', name: '管理员' })).toBe('早上好，管理员，欢迎回来');
    await changeLang('en-US');
    expect(i18n.t(`workplace.greeting.${greetingOf(21)}`)).toBe('Good evening');
    await changeLang('zh-CN');
  });
});
