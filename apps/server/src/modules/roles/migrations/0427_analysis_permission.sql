-- The analysis page (issue 25) has a permission of its own, `analysis`. New databases give it to the built-in
-- roles from builtin-roles.ts; here the built-in roles of an existing database get what a new one would.
INSERT INTO admin_role_permissions (role_id, permission_key, actions)
SELECT r.id, 'analysis', CASE WHEN r.code IN ('super', 'admin') THEN ARRAY['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export']
                              ELSE ARRAY['query', 'get'] END
FROM admin_roles r WHERE r.builtin AND r.code IN ('super', 'admin', 'finance', 'agent')
ON CONFLICT DO NOTHING;
