import { describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSION_KEYS } from '@stock-admin/contracts';
import { actionName, permissionName } from '../../src/modules/_kit/permission-names.js';
import { catalogue } from '../../src/modules/roles/service.js';

describe('permission and action names (messages, not contract strings)', () => {
  it('names every permission key and action in both languages, differently', () => {
    for (const key of PERMISSION_KEYS) {
      const zh = permissionName('zh-CN', key);
      const en = permissionName('en-US', key);
      // an unregistered message comes back as its key
      expect(zh, key).not.toBe(`permission.${key}`);
      expect(en, key).not.toBe(`permission.${key}`);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    }
    for (const a of ACTIONS) {
      expect(actionName('zh-CN', a)).toMatch(/[\u4e00-\u9fff]/);
      expect(actionName('en-US', a)).toMatch(/^[A-Z]/);
    }
  });

  it('gives the role editor its catalogue in the caller’s language', () => {
    const zh = catalogue('zh-CN');
    expect(zh.permissions.find((p) => p.key === 'userlist')).toEqual({ key: 'userlist', name: '用户列表', grantable: true });
    expect(zh.permissions.find((p) => p.key === 'operationlog')?.grantable).toBe(false);
    expect(catalogue('en-US').actions.find((a) => a.action === 'edit')).toEqual({ action: 'edit', describe: 'Edit' });
  });
});
