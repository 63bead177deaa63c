import { describe, expect, it } from 'vitest';
import { baseCatalogue, flattenKeys, mergeMessages, type Messages } from '../src/app/catalogue';
import { featureCatalogue } from '../src/app/featureCatalogue';
import { ensureFullCatalogue } from '../src/app/i18n';

const full = (lang: 'zh-CN' | 'en-US'): Messages =>
  mergeMessages(structuredClone(baseCatalogue[lang]), structuredClone(featureCatalogue[lang]));
const catalogue = { 'zh-CN': full('zh-CN'), 'en-US': full('en-US') };
import i18n, { changeLang } from '../src/app/i18n';
import { getStoredLang } from '../src/lib/storage';

describe('i18n catalogue', () => {
  it('has every key in both languages', () => {
    const zh = flattenKeys(catalogue['zh-CN']).sort();
    const en = flattenKeys(catalogue['en-US']).sort();
    expect(zh.length).toBeGreaterThan(50);
    expect(en).toEqual(zh);
  });

  it('has no empty text', () => {
    const leaf = (m: Record<string, unknown>, k: string) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], m);
    for (const lang of ['zh-CN', 'en-US'] as const)
      for (const k of flattenKeys(catalogue[lang])) expect(String(leaf(catalogue[lang], k)).trim(), `${lang} ${k}`).not.toBe('');
  });

  it('merges feature strings (the workplace and sign-in texts come from features/)', () => {
    expect(flattenKeys(catalogue['zh-CN'])).toEqual(expect.arrayContaining(['workplace.welcome', 'login.submit', 'tabs.lastTab']));
  });

  it('keeps the first chunk small: the base tier holds shared and sign-in strings only; the rest loads on demand', async () => {
    const base = flattenKeys(baseCatalogue['zh-CN']);
    expect(base).toEqual(expect.arrayContaining(['login.submit', 'tabs.lastTab']));
    expect(base.some((k) => k.startsWith('workplace.'))).toBe(false);
    await ensureFullCatalogue();
    await changeLang('zh-CN');
    expect(i18n.t('workplace.quickLinks')).toBe('快捷入口');
    expect(i18n.t('login.submit')).toBe('登录');
  });

  it('refuses a key defined twice', () => {
    expect(() => mergeMessages({ a: { b: 'x' } }, { a: { b: 'y' } })).toThrow(/a\.b defined twice/);
  });

  it('carries the spec texts word for word in zh-CN', async () => {
    await changeLang('zh-CN');
    expect(i18n.t('header.logoutTitle')).toBe('信息');
    expect(i18n.t('header.logoutContent')).toBe('您确定要注销吗？');
    expect(i18n.t('session.infoFailedTitle')).toBe('错误');
    expect(i18n.t('session.infoFailedDesc')).toBe('请求用户信息失败，请重试');
    expect(i18n.t('table.total', { total: 42 })).toBe('共 42 条');
    await changeLang('en-US');
    expect(i18n.t('table.total', { total: 42 })).toBe('Total 42');
    await changeLang('zh-CN');
  });

  it('stores the language, defaulting to zh-CN; the library falls back to English', async () => {
    localStorage.clear();
    expect(getStoredLang()).toBe('zh-CN');
    await changeLang('en-US');
    expect(localStorage.getItem('lang')).toBe('en-US');
    expect(getStoredLang()).toBe('en-US');
    expect(i18n.options.fallbackLng).toEqual(['en-US']);
    await changeLang('zh-CN');
  });
});
