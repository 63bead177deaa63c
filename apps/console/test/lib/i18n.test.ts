import { describe, expect, it } from 'vitest';
import { baseCatalogue, flattenKeys, mergeMessages, type Messages } from '../../src/app/catalogue';
import { featureCatalogue } from '../../src/app/featureCatalogue';
import { ensureFullCatalogue } from '../../src/app/i18n';

const full = (lang: 'zh-CN' | 'en-US'): Messages =>
  mergeMessages(structuredClone(baseCatalogue[lang]), structuredClone(featureCatalogue[lang]));
const catalogue = { 'zh-CN': full('zh-CN'), 'en-US': full('en-US') };
import i18n, { changeLang } from '../../src/app/i18n';
import { getStoredLang } from '../../src/lib/storage';

describe('i18n catalogue', () => {
  it('has every key in both languages (a counted text: one key in zh-CN, its _one and _other forms in en-US)', () => {
    const base = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(one|other)$/, '')))].sort();
    const zh = base(flattenKeys(catalogue['zh-CN']));
    const en = base(flattenKeys(catalogue['en-US']));
    expect(zh.length).toBeGreaterThan(50);
    expect(en).toEqual(zh);
  });

  it('says every counted noun in en-US with its plural forms (issue 47: "1 users are close to their force-close line")', async () => {
    const leaf = (k: string) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], catalogue['en-US']) as string;
    const keys = flattenKeys(catalogue['en-US']);
    for (const k of keys) {
      const text = leaf(k);
      expect(text.replaceAll('http(s)', 'https'), k).not.toMatch(/\(s\)/);
      // a count before a noun is pluralised by `count` (a plural key may show it formatted as `n`); an `n` elsewhere
      // counts without a noun ("3 selected")
      if (!/_(one|other)$/.test(k)) expect(text, k).not.toMatch(/\{\{n\}\} (?!selected|succeeded|failed|closed)[a-z]/);
      if (/\{\{count\}\} [a-z]/.test(text)) expect(k, text).toMatch(/_(one|other)$/);
      if (k.endsWith('_one')) expect(keys, k).toContain(k.replace(/_one$/, '_other'));
    }
    await ensureFullCatalogue();
    await changeLang('en-US');
    expect(i18n.t('trading.warnings.title', { count: 1 })).toBe('1 user is close to their force-close line');
    expect(i18n.t('trading.warnings.title', { count: 3 })).toBe('3 users are close to their force-close line');
    expect(i18n.t('users.batch.selected', { count: 1 })).toBe('1 user selected');
    expect(i18n.t('admins.msg.offline', { count: 2 })).toBe('Ended 2 sessions');
    expect(i18n.t('common.maxLength', { count: 200 })).toBe('At most 200 characters');
    await changeLang('zh-CN');
    expect(i18n.t('trading.warnings.title', { count: 1 })).toBe('1 位用户的亏损已接近强平线');
    expect(i18n.t('users.batch.selected', { count: 5 })).toBe('已选 5 个用户');
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
