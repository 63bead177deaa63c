/** Roles (角色管理) (en-US). */
export default {
  roles: {
    menu: { rolelist: 'Roles' },
    action: { edit: 'Edit', delete: 'Delete' },
    title: 'Roles',
    add: 'Add role',
    addTitle: 'Add role',
    editTitle: 'Edit role: {{name}}',
    viewTitle: 'Role: {{name}}',
    view: 'View',
    none: 'No permissions',
    builtin: 'Built-in',
    builtinHint: 'Built-in roles can be adjusted but not deleted.',
    ownHint: 'You can only grant what you hold yourself; other cells are locked.',
    nameRequired: 'Enter the role name',
    deleteConfirm: 'Delete the role "{{name}}"?',
    inUse: '{{count}} admin(s) hold this role; deleting it will be refused',
    col: {
      actions: 'Actions',
      name: 'Role',
      describe: 'Description',
      permissions: 'Permissions',
      admins: 'Admins',
      updatedAt: 'Updated',
    },
    grid: {
      permission: 'Permission \\ action',
      superOnly: 'Super-user',
      superOnlyHint: 'A power of the super-user alone; it cannot be granted to a role',
    },
    msg: { added: 'Role added', updated: 'Role updated', deleted: 'Role deleted' },
  },
};
