import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectReady, sleep, type Client } from '../realtime/realtime.helpers.js';

/**
 * "Adding a domain" (docs/architecture.md) as a test: in a copy of the server's sources, a *real* domain — a table and
 * its migration, a permission with two actions, a live event, a job and demo data — gets its folder, its own contract
 * file, and one line in modules/manifests.ts: nothing else. The copy then migrates (the domain's migrations folder
 * found by looking), serves the routes under the permission granted through the role editor, delivers the live event
 * over the socket to the staff who hold the permission and not to the others, runs its seed after the one it names,
 * and shows in the domain list; every other file of the copy is byte for byte the original.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = path.join(serverDir, '.tmp', `add-domain-${process.pid}`);
const copy = path.join(work, 'src');

// the domain's calls, permission and event, in its own contracts file: reached by its path (the package exports every
// file), no barrel line, no edit of permissions.ts or live-events.ts
const contractsSrc = path.resolve(serverDir, '../../packages/contracts/src');
const CONTRACT = `probe${process.pid}`;
const CONTRACT_TEXT = `import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { definePermission } from './permissions.js';
import { defineLiveEvents } from './live-events.js';

declare module './permissions.js' {
  interface DomainPermissions {
    probe: true;
  }
}
declare module './live-events.js' {
  interface DomainLiveEvents {
    PROBE_ADDED: true;
  }
}
export const PROBE = definePermission('probe');
export const probeEvents = defineLiveEvents({
  PROBE_ADDED: { permission: 'probe', page: '/probe/index', notice: { name: 'probeAdded', level: 'info', persistent: false } },
});

export const probeApi = {
  add: endpoint({
    method: 'POST',
    path: '/admin/probe/add.do',
    access: { permission: 'probe', action: 'edit' },
    module: 'probe',
    input: z.object({ name: z.string().min(1).max(20) }),
    data: z.object({ id: z.number() }),
  }),
  list: endpoint({
    method: 'POST',
    path: '/admin/probe/list.do',
    access: { permission: 'probe', action: 'query' },
    input: z.object({}),
    data: z.object({ names: z.array(z.string()) }),
  }),
};
`;

// above every migration the sources hold: the one global sequence goes on in the domain's own folder
const nextMigration = (): string => {
  const numbers = fs
    .readdirSync(path.join(serverDir, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /^\d{4}_.*\.sql$/.test(e.name))
    .map((e) => Number(e.name.slice(0, 4)));
  return String(Math.max(...numbers) + 1).padStart(4, '0');
};

const PROBE: Record<string, string> = {
  'tables.ts': `import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

export const probes = pgTable('probes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
`,
  [`migrations/${nextMigration()}_probes.sql`]: `CREATE TABLE probes (id serial PRIMARY KEY, name text NOT NULL, created_at timestamptz NOT NULL DEFAULT now());\n`,
  'service.ts': `import { asc } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import { notify } from '../../realtime/notify.js';
import { probes } from './tables.js';

export async function addProbe(ctx: AppContext, name: string): Promise<{ id: number }> {
  const [row] = await ctx.db.insert(probes).values({ name }).returning({ id: probes.id });
  notify(ctx, { type: 'PROBE_ADDED', data: { id: row!.id } });
  return row!;
}

export async function probeNames(ctx: AppContext): Promise<string[]> {
  return (await ctx.db.select({ name: probes.name }).from(probes).orderBy(asc(probes.id))).map((r) => r.name);
}
`,
  'routes.ts': `import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import { probeApi } from '@stock-admin/contracts/${CONTRACT}';
import { addProbe, probeNames } from './service.js';

export function probeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, probeApi.add, async ({ input }) => addProbe(ctx, input.name));
  route(app, ctx, probeApi.list, async () => ({ names: await probeNames(ctx) }));
}
`,
  'seed.ts': `import type { AppContext } from '../../app/context.js';
import { addProbe } from './service.js';

export async function seedProbe(ctx: AppContext) {
  await addProbe(ctx, 'seeded');
}
`,
  'manifest.ts': `import { defineDomain } from '../_kit/domain.js';
import { defineJob } from '../../jobs/registry.js';
import { probeRoutes } from './routes.js';
import { seedProbe } from './seed.js';

export default defineDomain({
  name: 'probe',
  permissions: [{ key: 'probe', name: { 'zh-CN': '探针', 'en-US': 'Probes' } }],
  routes: probeRoutes,
  jobs: [defineJob({ key: 'probe-tick', name: { zh: '探针', en: 'Probe' }, schedule: '@every 1d', run: async () => 0 })],
  seed: { run: seedProbe, after: ['users'] },
});
`,
};

const files = (root: string): string[] =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(root, path.join(e.parentPath, e.name))] : []));

let index: string;
beforeAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.writeFileSync(path.join(contractsSrc, `${CONTRACT}.ts`), CONTRACT_TEXT);
  fs.cpSync(path.join(serverDir, 'src'), copy, { recursive: true });
  fs.mkdirSync(path.join(copy, 'modules/probe'));
  for (const [name, text] of Object.entries(PROBE)) {
    fs.mkdirSync(path.dirname(path.join(copy, 'modules/probe', name)), { recursive: true });
    fs.writeFileSync(path.join(copy, 'modules/probe', name), text);
  }
  // the one line: the manifest joins the list
  const file = path.join(copy, 'modules/manifests.ts');
  index = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(file, index.replace(/\n$/, "\nexport { default as probe } from './probe/manifest.js';\n"));
});
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(path.join(contractsSrc, `${CONTRACT}.ts`), { force: true });
});

describe('adding a domain', { timeout: 120_000 }, () => {
  it('touches one file outside its folder, by one line (and adds its own contract file)', () => {
    const src = path.join(serverDir, 'src');
    const changed = files(copy).filter((f) => {
      if (f.startsWith(`modules${path.sep}probe${path.sep}`)) return false;
      const original = path.join(src, f);
      return !fs.existsSync(original) || !fs.readFileSync(original).equals(fs.readFileSync(path.join(copy, f)));
    });
    expect(changed).toEqual([path.join('modules', 'manifests.ts')]);
    const after = fs.readFileSync(path.join(copy, 'modules/manifests.ts'), 'utf8').split('\n');
    expect(after.length - index.split('\n').length).toBe(1);
  });

  it('is installed from its manifest: table and migration, permission, routes, live event, job, demo data in order', async () => {
    const load = (f: string) => import(pathToFileURL(path.join(copy, f)).href);
    const { DOMAINS } = await load('modules/index.ts');
    const { seedOrder } = await load('modules/seed.ts');
    const { registeredJobs } = await load('jobs/registry.ts');
    expect(DOMAINS.map((d: { name: string }) => d.name)).toContain('probe');
    const order = seedOrder().map((d: { name: string }) => d.name);
    expect(order.indexOf('probe')).toBeGreaterThan(order.indexOf('users'));
    expect(registeredJobs().map((j: { key: string }) => j.key)).toContain('probe-tick');

    const { loadConfig } = await load('config.ts');
    const { openDatabase } = await load('db/client.ts');
    const { migrate } = await load('db/migrate.ts');
    const { buildApp } = await load('app.ts');
    const { createAdmin, ensureBuiltinRoles } = await load('modules/admins/index.ts');
    // helpers.ts is not imported: it loads the original server, whose metrics would collide with the copy's
    const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key-0123456789', SIMULATE_RATE: '0' });
    const database = await openDatabase({ dataDir: config.dataDir, poolSize: 1 });
    try {
      // its migration runs from its own folder, after every other
      const ran: string[] = await migrate(database);
      expect(ran.at(-1)).toMatch(/^\d{4}_probes\.sql$/);
      await ensureBuiltinRoles(database.db);
      const app = await buildApp({ config, database });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const sockets: Client[] = [];
      try {
        const post = async (url: string, payload: object, token?: string) =>
          (await app.inject({ method: 'POST', url, payload, headers: { lang: 'en-US', ...(token ? { admintoken: token } : {}) } })).json();
        const signIn = async (username: string) => {
          const r = await post('/api/adminUser/login.do', { username, password: 'Passw0rd!' });
          return { token: r.data.token as string, id: r.data.id as number };
        };
        await createAdmin(database.db, { username: config.SUPER_ACCOUNT, password: 'Passw0rd!', name: 'super', roleCode: 'admin' });
        const sup = await signIn(config.SUPER_ACCOUNT);

        // the role editor lists the permission with its name, and grants it like any other
        const catalogue = await post('/admin/role/permissions.do', {}, sup.token);
        expect(catalogue.data.permissions).toEqual(expect.arrayContaining([{ key: 'probe', name: 'Probes', grantable: true }]));
        const zh = await app.inject({
          method: 'POST',
          url: '/admin/role/permissions.do',
          payload: {},
          headers: { admintoken: sup.token, lang: 'zh-CN' },
        });
        expect(zh.json().data.permissions).toEqual(expect.arrayContaining([{ key: 'probe', name: '探针', grantable: true }]));
        const role = await post(
          '/admin/role/add.do',
          { name: 'prober', permissions: [{ permissionId: 'probe', actions: ['query', 'edit'] }] },
          sup.token,
        );
        expect(role.status).toBe(0);
        const reader = await post(
          '/admin/role/add.do',
          { name: 'reader', permissions: [{ permissionId: 'probe', actions: ['query'] }] },
          sup.token,
        );
        await createAdmin(database.db, { username: 'prober', password: 'Passw0rd!', name: 'prober', roleId: role.data.id });
        await createAdmin(database.db, { username: 'reader', password: 'Passw0rd!', name: 'reader', roleId: reader.data.id });
        await createAdmin(database.db, { username: 'outsider', password: 'Passw0rd!', name: 'outsider', roleCode: 'support' });
        const [prober, readerIn, outsider] = [await signIn('prober'), await signIn('reader'), await signIn('outsider')];

        // the live event reaches those who may query the permission, not the others
        const [toProber, toOutsider] = [
          await connectReady(base, prober.id, prober.token),
          await connectReady(base, outsider.id, outsider.token),
        ];
        sockets.push(toProber, toOutsider);

        const added = await post('/admin/probe/add.do', { name: 'first' }, prober.token);
        expect(added).toEqual({ status: 0, msg: expect.any(String), data: { id: expect.any(Number) } });
        await toProber.waitFor((f) => f.type === 'PROBE_ADDED');
        expect(toProber.frames.find((f) => f.type === 'PROBE_ADDED')?.data).toMatchObject({ id: added.data.id });
        await sleep(300);
        expect(toOutsider.frames.some((f) => f.type === 'PROBE_ADDED')).toBe(false);

        // its table holds the row; each action under its own grant; validation and sign-in from the wrapper
        expect((await post('/admin/probe/list.do', {}, readerIn.token)).data).toEqual({ names: ['first'] });
        expect((await post('/admin/probe/add.do', { name: 'second' }, readerIn.token)).status).not.toBe(0);
        expect((await post('/admin/probe/list.do', {}, outsider.token)).status).not.toBe(0);
        const bad = await post('/admin/probe/add.do', { name: 'x'.repeat(21) }, prober.token);
        expect(bad.status).not.toBe(0);
        expect(bad.msg).toMatch(/name/);
        expect((await post('/admin/probe/list.do', {})).status).not.toBe(0);

        // its demo data, made through its service
        const probe = DOMAINS.find((d: { name: string }) => d.name === 'probe');
        await probe.seed.run(app.ctx);
        expect((await post('/admin/probe/list.do', {}, prober.token)).data.names).toEqual(['first', 'seeded']);
      } finally {
        for (const c of sockets) c.ws.close();
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
