import { describe, expect, it } from 'vitest';
import { allMessages, t } from '../../src/app/i18n.js';
import { DOMAINS } from '../../src/modules/index.js';

describe('server message catalogue', () => {
  it('says a counted English text in its singular or plural form', () => {
    expect(t('en-US', 'offline_ok', { count: 1 })).toBe('Ended 1 session');
    expect(t('en-US', 'offline_ok', { count: 3 })).toBe('Ended 3 sessions');
    expect(t('en-US', 'block.not_enough_left', { left: 1 })).toBe('Not enough left: only 1 share');
    expect(t('en-US', 'block.not_enough_left', { left: 100 })).toBe('Not enough left: only 100 shares');
    expect(t('zh-CN', 'offline_ok', { count: 1 })).toBe('已强制下线 1 个会话');
  });

  it('has every message in both languages with the same placeholders', () => {
    expect(DOMAINS.length).toBeGreaterThan(0); // importing the modules registers their messages
    const entries = Object.entries(allMessages());
    expect(entries.length).toBeGreaterThan(20);
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, m] of entries) {
      const en = m['en-US'];
      const other = typeof en === 'string' ? en : en.other;
      expect(m['zh-CN'].trim(), `${key} zh-CN`).not.toBe('');
      expect(other.trim(), `${key} en-US`).not.toBe('');
      expect(holes(other), `${key} placeholders`).toEqual(holes(m['zh-CN']));
      if (typeof en !== 'string') {
        // the singular may say "1" itself; it names no placeholder the Chinese lacks
        expect(
          holes(en.one).every((h) => holes(m['zh-CN']).includes(h)),
          `${key} one`,
        ).toBe(true);
        expect(holes(m['zh-CN']), `${key} count`).toContain(m.count);
      }
      // an English text with Chinese characters is a missed translation
      expect(/[\u4e00-\u9fff]/.test(other), `${key} en-US is Chinese`).toBe(false);
      // a counted noun is said in both forms (issue 47: "Ended 1 session(s)")
      expect(other.replaceAll('http(s)', 'https'), `${key} en-US says (s)`).not.toMatch(/[a-z]\(s\)/);
    }
  });
});
