import { describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { warmShell } from '../../src/layouts/warmShell';

const menuStyles = () => [...document.head.querySelectorAll('style')].filter((s) => s.textContent?.includes('.ant-menu')).length;

describe('warming the shell on the sign-in page', () => {
  it("renders the shell's components unseen: their styles are in the page before the shell renders", async () => {
    expect(menuStyles()).toBe(0);
    const stop = new AbortController();
    await act(async () => {
      warmShell(stop.signal);
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(menuStyles()).toBeGreaterThan(0);
    // nothing of it is on the page itself
    expect(document.body.querySelector('.ant-pro-layout, .ant-menu')).toBeNull();
  });
});
