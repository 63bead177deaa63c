import { describe, expect, it } from 'vitest';
import * as contracts from '@stock-admin/contracts';
import * as lite from '../../src/lib/contracts-lite';

describe('contracts-lite mirrors the contracts', () => {
  it('constants', () => {
    expect(lite.Status).toEqual(contracts.Status);
    expect(lite.LOGIN_REQUIRED_MSG_ZH).toBe(contracts.LOGIN_REQUIRED_MSG_ZH);
    expect(lite.LOGIN_REQUIRED_MSG_ZH_TW).toBe(contracts.LOGIN_REQUIRED_MSG_ZH_TW);
    expect(lite.LANGS).toEqual(contracts.LANGS);
    expect(lite.DEFAULT_LANG).toBe(contracts.DEFAULT_LANG);
    expect(lite.COUNT_CAP).toBe(contracts.COUNT_CAP);
    expect(lite.DEFAULT_SITE_STYLE).toEqual(contracts.DEFAULT_SITE_STYLE);
  });
  it('isHeld answers as the contracts do', () => {
    const samples = [
      { approval: { id: 3, status: 'pending' } },
      { approval: { id: 3, status: 'approved' } },
      { approval: null },
      { id: 3 },
      null,
      'pending',
      [],
    ];
    for (const d of samples) expect(lite.isHeld(d), JSON.stringify(d)).toBe(contracts.isHeld(d));
  });
  it('endpoint references', () => {
    for (const [name, ref] of Object.entries(lite.sessionEndpoints)) {
      const real = contracts.sessionApi[name as keyof typeof contracts.sessionApi];
      expect({ method: ref.method, path: ref.path }, name).toEqual({ method: real.method, path: real.path });
    }
  });
});
