import { describe, expect, it } from 'vitest';
import { allMessages } from '../../src/http/i18n.js';
import { DOMAINS } from '../../src/modules/index.js';

describe('server message catalogue', () => {
  it('has every message in both languages with the same placeholders', () => {
    expect(DOMAINS.length).toBeGreaterThan(0); // importing the modules registers their messages
    const entries = Object.entries(allMessages());
    expect(entries.length).toBeGreaterThan(20);
    const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, m] of entries) {
      expect(m['zh-CN'].trim(), `${key} zh-CN`).not.toBe('');
      expect(m['en-US'].trim(), `${key} en-US`).not.toBe('');
      expect(holes(m['en-US']), `${key} placeholders`).toEqual(holes(m['zh-CN']));
      // an English text with Chinese characters is a missed translation
      expect(/[\u4e00-\u9fff]/.test(m['en-US']), `${key} en-US is Chinese`).toBe(false);
    }
  });
});
