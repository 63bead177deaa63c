import { describe, expect, it } from 'vitest';
import i18n, { changeLang } from '../../src/app/i18n';
import { cachedTabs, closeAll, closeLeft, closeRight, closeTab, openTab, tabKeyOf } from '../../src/lib/tabs';

const tabs = (...keys: string[]) => keys.map((key) => ({ key }));
const keys = (t: { key: string }[]) => t.map((x) => x.key);

describe('tab keys', () => {
  it('are the full path without the refresh parameter', () => {
    expect(tabKeyOf('/a/b')).toBe('/a/b');
    expect(tabKeyOf('/a', '?x=1&y=2')).toBe('/a?x=1&y=2');
    expect(tabKeyOf('/capital/withdrawallist', '?_t=1700000000000')).toBe('/capital/withdrawallist');
    expect(tabKeyOf('/a', '?_t=1&x=1')).toBe('/a?x=1');
  });

  it('openTab appends new keys and updates an open one in place', () => {
    const t = openTab(openTab(tabs('/a'), { key: '/b' }), { key: '/a' });
    expect(keys(t)).toEqual(['/a', '/b']);
  });
});

describe('close current', () => {
  it('refuses the last remaining tab', () => {
    expect(closeTab(tabs('/a'), '/a', '/a')).toEqual({ tabs: tabs('/a'), notice: 'lastTab' });
  });
  it('closing an inactive tab keeps the active one', () => {
    expect(closeTab(tabs('/a', '/b', '/c'), '/b', '/a')).toEqual({ tabs: tabs('/a', '/c') });
  });
  it('closing the active tab opens the last remaining tab', () => {
    expect(closeTab(tabs('/a', '/b', '/c'), '/c', '/c')).toEqual({ tabs: tabs('/a', '/b'), navigate: '/b' });
    expect(closeTab(tabs('/a', '/b', '/c'), '/a', '/a')).toEqual({ tabs: tabs('/b', '/c'), navigate: '/c' });
  });
});

describe('close left / right', () => {
  it('close left removes the tabs before, or says there are none', () => {
    expect(closeLeft(tabs('/a', '/b', '/c'), '/b', '/c')).toEqual({ tabs: tabs('/b', '/c') });
    expect(closeLeft(tabs('/a', '/b', '/c'), '/a', '/a')).toEqual({ tabs: tabs('/a', '/b', '/c'), notice: 'noLeft' });
  });
  it('close right removes the tabs after, or says there are none', () => {
    expect(closeRight(tabs('/a', '/b', '/c'), '/a', '/a')).toEqual({ tabs: tabs('/a') });
    expect(closeRight(tabs('/a', '/b', '/c'), '/c', '/a')).toEqual({ tabs: tabs('/a', '/b', '/c'), notice: 'noRight' });
  });
  it('when the active tab goes with them, the last remaining tab opens', () => {
    expect(closeLeft(tabs('/a', '/b', '/c', '/d'), '/c', '/a')).toEqual({ tabs: tabs('/c', '/d'), navigate: '/d' });
    expect(closeRight(tabs('/a', '/b', '/c'), '/a', '/c')).toEqual({ tabs: tabs('/a'), navigate: '/a' });
  });
});

describe('close all', () => {
  it('closes every tab and opens /', () => {
    expect(closeAll(tabs('/a', '/b'), '/b')).toEqual({ tabs: [], navigate: '/' });
  });
  it('a single tab is the last one', () => {
    expect(closeAll(tabs('/a'), '/a')).toEqual({ tabs: tabs('/a'), notice: 'lastTab' });
  });
});

describe('messages', () => {
  it('are the spec texts in zh-CN and translated in en-US', async () => {
    await changeLang('zh-CN');
    expect(i18n.t('tabs.lastTab')).toBe('这是最后一个标签了, 无法被关闭');
    expect(i18n.t('tabs.noLeft')).toBe('左侧没有标签');
    expect(i18n.t('tabs.noRight')).toBe('右侧没有标签');
    await changeLang('en-US');
    expect(i18n.t('tabs.lastTab')).toBe('This is the last tab and cannot be closed');
    expect(i18n.t('tabs.noLeft')).toBe('There are no tabs on the left');
    expect(i18n.t('tabs.noRight')).toBe('There are no tabs on the right');
    await changeLang('zh-CN');
  });
});

describe('keep-alive cache', () => {
  it('keeps the most recently used keep-alive tabs up to the cap, never counting the active one', () => {
    const alive = (k: string) => k !== 'x';
    expect([...cachedTabs(['a', 'x', 'b', 'c', 'd'], alive, 'd', 2)]).toEqual(['c', 'b']);
    expect([...cachedTabs(['a', 'b'], alive, 'b', 5)]).toEqual(['a']);
    expect(cachedTabs(['x', 'a'], alive, 'a', 5).has('x')).toBe(false);
  });
});
