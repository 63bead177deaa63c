import { describe, expect, it } from 'vitest';
import { normaliseBadges } from '../src/features/account/pages/SettingsCustom';

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
