import { describe, expect, it } from 'vitest';
import i18n, { changeLang } from '../../src/app/i18n';
import { greetingOf } from '../../src/lib/greeting';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DataInText } from '../../src/components/DataInText';

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
    const welcome = (name: string) =>
      renderToStaticMarkup(
        createElement(DataInText, { i18nKey: 'workplace.welcome', values: { greeting: '早上好' }, slot: 'name', data: name }),
      );
    expect(welcome('管理员')).toBe('早上好，<span translate="no">管理员</span>，欢迎回来');
    // a name that looks like markup stays text
    expect(welcome('<b>x</b><name/>')).toBe('早上好，<span translate="no">&lt;b&gt;x&lt;/b&gt;&lt;name/&gt;</span>，欢迎回来');
    await changeLang('en-US');
    expect([8, 10, 12, 15, 21].map((h) => i18n.t(`workplace.greeting.${greetingOf(h)}`))).toEqual([
      'Good morning',
      'Good morning',
      'Good afternoon',
      'Good afternoon',
      'Good evening',
    ]);
    expect(welcome('admin')).toBe('早上好, <span translate="no">admin</span>. Welcome back');
    await changeLang('zh-CN');
  });
});
