import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createAdmin } from '../../src/modules/admins/service.js';
import { login, post, type TestApp } from '../helpers.js';

/** The super account (login = SUPER_ACCOUNT), created once per app. */
const supers = new WeakMap<TestApp, Promise<{ id: number; username: string; password: string; token: string }>>();
export function superUser(t: TestApp) {
  let p = supers.get(t);
  if (!p) {
    p = (async () => {
      const username = t.config.SUPER_ACCOUNT;
      const password = 'Sup3r-pass!';
      const id = await createAdmin(t.app.ctx.db, { username, name: 'Super', password, roleCode: 'super' });
      return { id, username, password, token: await login(t, username, password) };
    })();
    supers.set(t, p);
  }
  return p;
}

/** Creates a role through the API (as the super-user) and returns its id. */
export async function makeRole(
  t: TestApp,
  grants: Record<string, string[]>,
  name = `role_${randomBytes(3).toString('hex')}`,
): Promise<number> {
  const su = await superUser(t);
  const r = await post(
    t,
    '/admin/role/add.do',
    { name, permissions: Object.entries(grants).map(([permissionId, actions]) => ({ permissionId, actions })) },
    { token: su.token, json: true },
  );
  const b = r.json();
  if (b.status !== 0) throw new Error(`role add failed: ${b.msg}`);
  return b.data.id as number;
}

let seq = 0;
/** A signed-in admin holding a given role id. */
export async function withRole(t: TestApp, roleId: number, extra: { agentId?: number } = {}) {
  const username = `r${roleId}_${++seq}_${randomBytes(2).toString('hex')}`;
  const password = 'Passw0rd!';
  const id = await createAdmin(t.app.ctx.db, { username, name: `Test ${username}`, password, roleId, agentId: extra.agentId });
  return { id, username, password, token: await login(t, username, password) };
}

/** Every operation-log row as one string, to check that no secret was written. */
export async function oplogText(t: TestApp): Promise<string> {
  return JSON.stringify(rows(await t.app.ctx.db.execute(sql`SELECT * FROM operation_log`)));
}

export async function oplogRows(t: TestApp, action: string) {
  return rows<{
    admin_id: number | null;
    module: string;
    action: string;
    target_id: string | null;
    summary: Record<string, unknown>;
    result: string;
    ip: string;
  }>(await t.app.ctx.db.execute(sql`SELECT * FROM operation_log WHERE action = ${action} ORDER BY id`));
}

/** A multipart POST with text fields and files. */
export function multipart(
  t: TestApp,
  url: string,
  fields: Record<string, string>,
  files: Record<string, { filename: string; type: string; data: Buffer }>,
  opts: { token?: string; lang?: string } = {},
) {
  const boundary = `----b${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (opts.token) headers.admintoken = opts.token;
  if (opts.lang) headers.lang = opts.lang;
  return t.app.inject({ method: 'POST', url, headers, payload: Buffer.concat(parts) });
}

/** A status-10 check: the token no longer signs in. */
export async function tokenStatus(t: TestApp, token: string): Promise<number> {
  const r = await post(t, '/admin/system/current.do', {}, { token });
  return r.json().status as number;
}

let agentSeq = 0;
/** An agent row (agents domain table), optionally below a parent; returns its id. */
export async function makeAgentRow(t: TestApp, parentId?: number): Promise<number> {
  const n = ++agentSeq;
  const [r] = rows<{ id: number }>(
    await t.app.ctx.db.execute(sql`
      INSERT INTO agents (name, phone, password_hash, invite_code, parent_id, level, path)
      SELECT ${`Agent ${n}`}, ${`1660000${String(n).padStart(4, '0')}`}, 'x', ${`T${randomBytes(4).toString('hex')}`}, ${parentId ?? null}::int,
             coalesce((SELECT level + 1 FROM agents WHERE id = ${parentId ?? null}::int), 1),
             coalesce((SELECT path FROM agents WHERE id = ${parentId ?? null}::int), '{}'::int[])
      RETURNING id`),
  );
  await t.app.ctx.db.execute(sql`UPDATE agents SET path = path || ${r!.id}::int WHERE id = ${r!.id}`);
  return r!.id;
}
