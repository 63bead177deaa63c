import { describe, expect, it } from 'vitest';
import { mayDelete } from '../../../src/features/admins/lib/rowRules';

describe('admin list row actions', () => {
  const viewer = { selfId: 7, isSuper: false, canDelete: true };

  it('offers 删除 on an ordinary admin row when the role may delete', () => {
    expect(mayDelete({ id: 9, isSuper: false }, viewer)).toBe(true);
  });

  it('never on the super-user row, even to the super-user', () => {
    expect(mayDelete({ id: 1, isSuper: true }, viewer)).toBe(false);
    expect(mayDelete({ id: 1, isSuper: true }, { selfId: 2, isSuper: true, canDelete: true })).toBe(false);
  });

  it('never on the signed-in admin’s own row, nor without the delete action', () => {
    expect(mayDelete({ id: 7, isSuper: false }, viewer)).toBe(false);
    expect(mayDelete({ id: 9, isSuper: false }, { ...viewer, canDelete: false })).toBe(false);
  });
});
