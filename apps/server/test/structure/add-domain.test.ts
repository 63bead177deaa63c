import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * "Adding a domain" (docs/architecture.md) as a test: in a copy of the server's sources, a throw-away domain gets its
 * folder and one line in modules/manifests.ts — and nothing else. The copy then serves its route (with the wrapper's
 * permission check), runs its job's registration, its demo seed after the one it names, and shows in the domain list;
 * every other file of the copy is byte for byte the original.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = path.join(serverDir, '.tmp', `add-domain-${process.pid}`);
const copy = path.join(work, 'src');

// the domain's calls, in its own contracts file: reached by its path (the package exports every file), no barrel line
const contractsSrc = path.resolve(serverDir, '../../packages/contracts/src');
const CONTRACT = `probe${process.pid}`;
const CONTRACT_TEXT = `import { z } from 'zod';
import { endpoint } from './endpoint.js';

export const probeApi = {
  ping: endpoint({
    method: 'POST',
    path: '/admin/probe/ping.do',
    access: { permission: 'userlist', action: 'query' },
    input: z.object({ echo: z.string().max(20) }),
    data: z.object({ echo: z.string(), seeded: z.boolean() }),
  }),
};
`;

const PROBE: Record<string, string> = {
  'routes.ts': `import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import { probeApi } from '@stock-admin/contracts/${CONTRACT}';
import { seeded } from './seed.js';

export function probeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, probeApi.ping, async ({ input }) => ({ echo: input.echo, seeded: seeded.done }));
}
`,
  'seed.ts': `import type { AppContext } from '../../app/context.js';

export const seeded = { done: false };

export async function seedProbe(_ctx: AppContext) {
  seeded.done = true;
  return [{ username: 'probe', password: 'probe-only', role: 'probe' }];
}
`,
  'manifest.ts': `import { defineDomain } from '../_kit/domain.js';
import { defineJob } from '../../jobs/registry.js';
import { probeRoutes } from './routes.js';
import { seedProbe } from './seed.js';

export default defineDomain({
  name: 'probe',
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
  for (const [name, text] of Object.entries(PROBE)) fs.writeFileSync(path.join(copy, 'modules/probe', name), text);
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
  it('touches one file outside its folder, by one line', () => {
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

  it('is installed from its manifest: routes with their permission, its job, its demo data in order', async () => {
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
      await migrate(database);
      await ensureBuiltinRoles(database.db);
      const app = await buildApp({ config, database });
      await app.ready();
      try {
        await createAdmin(database.db, { username: 'probe_op', password: 'Passw0rd!', name: 'probe', roleCode: 'admin' });
        const login = await app.inject({
          method: 'POST',
          url: '/api/adminUser/login.do',
          payload: { username: 'probe_op', password: 'Passw0rd!' },
        });
        const token = login.json().data.token as string;
        const ping = (payload: unknown, auth = true) =>
          app.inject({
            method: 'POST',
            url: '/admin/probe/ping.do',
            payload: payload as object,
            headers: auth ? { admintoken: token } : {},
          });
        expect((await ping({ echo: 'hi' })).json()).toEqual({ status: 0, msg: expect.any(String), data: { echo: 'hi', seeded: false } });
        // the wrapper's rules come with it: validation in the envelope, and no token no answer
        const bad = (await ping({ echo: 'x'.repeat(21) })).json();
        expect(bad.status).not.toBe(0);
        expect(bad.msg).toMatch(/echo/);
        expect((await ping({ echo: 'hi' }, false)).json().status).not.toBe(0);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
