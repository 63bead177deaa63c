/** Roles (角色管理): the role list and its permission grid (zh-CN). The English file has the same keys. */
export default {
  roles: {
    menu: { rolelist: '角色管理' },
    action: { edit: '编辑', delete: '删除' },
    title: '角色列表',
    add: '新增角色',
    addTitle: '新增角色',
    editTitle: '编辑角色：{{name}}',
    viewTitle: '查看角色：{{name}}',
    view: '查看',
    none: '无权限',
    builtin: '内置',
    builtinHint: '内置角色可以调整权限，但不能删除。',
    ownHint: '只能授予您自己拥有的权限，其余格子不可勾选。',
    nameRequired: '请输入角色名称',
    deleteConfirm: '确定删除角色「{{name}}」吗？',
    inUse_other: '该角色下还有 {{count}} 个管理员，删除会被拒绝',
    col: {
      actions: '操作',
      name: '角色名称',
      describe: '描述',
      permissions: '权限',
      admins: '管理员数',
      updatedAt: '更新时间',
    },
    grid: {
      permission: '权限 \\ 操作',
      superOnly: '超管专属',
      superOnlyHint: '超级管理员专属权限，不能授予任何角色',
    },
    msg: { added: '角色已添加', updated: '角色已更新', deleted: '角色已删除' },
  },
};
