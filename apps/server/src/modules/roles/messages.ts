import { registerMessages } from '../../app/i18n.js';

registerMessages({
  role_name_taken: { 'zh-CN': '角色名称已存在', 'en-US': 'A role with this name already exists' },
  role_builtin: { 'zh-CN': '内置角色不能删除', 'en-US': 'Built-in roles cannot be deleted' },
  role_in_use: {
    'zh-CN': '该角色下还有 {count} 个管理员，不能删除',
    'en-US': {
      one: 'This role is held by 1 admin and cannot be deleted',
      other: 'This role is held by {count} admins and cannot be deleted',
    },
    count: 'count',
  },
  role_grant_super_only: {
    'zh-CN': '“{permission}” 是超级管理员专属权限，不能授予角色',
    'en-US': '"{permission}" belongs to the super-user and cannot be granted to a role',
  },
});
