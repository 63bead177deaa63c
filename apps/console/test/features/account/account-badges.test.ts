import { describe, expect, it } from 'vitest';
import { normaliseBadges } from '../../../src/features/account/pages/SettingsCustom';

describe('状态栏管理: the saved choice of header buttons', () => {
  const built = new Set([2, 21]);
  it('saves the chosen built buttons in order and keeps the earlier choice of buttons whose page is not built yet', () => {
    // never saved before: every button was shown, so the unbuilt ones stay chosen for when they land
    expect(normaliseBadges([21], [2, 19, 20, 21, 22], built)).toEqual([19, 20, 21, 22]);
    // an admin who had hidden the stock-buy button keeps it hidden
    expect(normaliseBadges([2, 21], [2, 20, 21], built)).toEqual([2, 20, 21]);
    expect(normaliseBadges([21, 2, 99], [], built)).toEqual([2, 21]);
  });
});

describe('状态栏管理: where each button leads', () => {
  it('is said as the menu trail of its page, in the reader’s words, never as a route path', async () => {
    const { BADGE_BUTTONS, badgePageTrail } = await import('../../../src/layouts/headerBadges');
    const withdraw = BADGE_BUTTONS.find((b) => b.code === 2)!;
    expect(badgePageTrail(withdraw)).toEqual(['funds.menu.capital', 'funds.menu.withdrawallist']);
    expect(badgePageTrail({ ...withdraw, path: '/nowhere/yet' })).toEqual([]);
  });
});

describe('time zones shown to operators', () => {
  it('are named in the reader’s language, not by their IANA id', async () => {
    const { timeZoneName } = await import('../../../src/lib/timeZone');
    expect(timeZoneName('Asia/Shanghai', 'zh-CN')).toBe('中国标准时间');
    expect(timeZoneName('Asia/Shanghai', 'en-US')).toBe('China Standard Time');
    expect(timeZoneName('Not/AZone', 'en-US')).toBe('Not/AZone');
  });
});
