import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * "Adding a domain" on the console (docs/architecture.md): in a copy of the console's sources, a real feature — a page
 * under the domain's own permission, whose live event the console shows — gets its folder (pages, route manifest,
 * strings in both languages: menu, the permission's name, the event's notice) and its section in app/routes.tsx, the one
 * file touched outside the folder. The domain's permission and event come from its own contract file (the server's
 * test/structure/add-domain.test.ts writes the same shape). The copy's route table then opens the page under that
 * permission, the strings reach the catalogue without a line anywhere, and the event's notice links to the page.
 */
const consoleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = path.join(consoleDir, '.tmp', `add-feature-${process.pid}`);
const copy = path.join(work, 'src');

const contractsSrc = path.resolve(consoleDir, '../../packages/contracts/src');
const CONTRACT = `probe-console${process.pid}`;
const CONTRACT_TEXT = `import { definePermission } from './permissions.js';
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
`;

const FEATURE: Record<string, string> = {
  'pages/Probe.tsx': `export default function Probe() {\n  return null;\n}\n`,
  'routes.tsx': `import { PROBE } from '@stock-admin/contracts/${CONTRACT}';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

const Probe = lazyPage(() => import('./pages/Probe'));

export const probeSection: SectionRoute<LazyPage> = {
  path: '/probe',
  titleKey: 'probe.menu.section',
  children: [{ path: '/probe/index', titleKey: 'probe.menu.index', permission: PROBE, component: Probe }],
};
`,
  'locales/zh-CN.ts': `export default {
  probe: { menu: { section: '探针', index: '探针列表' } },
  permission: { probe: '探针' },
  realtime: { probeAddedTitle: '新探针', probeAddedDesc: '有新的探针' },
};
`,
  'locales/en-US.ts': `export default {
  probe: { menu: { section: 'Probe', index: 'Probes' } },
  permission: { probe: 'Probes' },
  realtime: { probeAddedTitle: 'New probe', probeAddedDesc: 'A probe was added' },
};
`,
};

const files = (root: string): string[] =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .flatMap((e) => (e.isFile() ? [path.relative(root, path.join(e.parentPath, e.name))] : []));

beforeAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.writeFileSync(path.join(contractsSrc, `${CONTRACT}.ts`), CONTRACT_TEXT);
  fs.cpSync(path.join(consoleDir, 'src'), copy, { recursive: true });
  for (const [name, text] of Object.entries(FEATURE)) {
    const f = path.join(copy, 'features/probe', name);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.writeFileSync(f, text);
  }
  // the section joins the table where the spec's order puts it (here: last before the exception pages)
  const file = path.join(copy, 'app/routes.tsx');
  const table = fs.readFileSync(file, 'utf8');
  const edited = table
    .replace("import { usersPages } from '../features/users/routes';", "$&\nimport { probeSection } from '../features/probe/routes';")
    .replace('  ...exceptionRoutes,\n];', '  probeSection,\n  ...exceptionRoutes,\n];');
  expect(edited.split('\n').length - table.split('\n').length).toBe(2);
  fs.writeFileSync(file, edited);
});
afterAll(() => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(path.join(contractsSrc, `${CONTRACT}.ts`), { force: true });
});

describe('adding a feature', { timeout: 60_000 }, () => {
  it('touches one file outside its folder', () => {
    const src = path.join(consoleDir, 'src');
    const changed = files(copy).filter((f) => {
      if (f.startsWith(path.join('features', 'probe') + path.sep)) return false;
      const original = path.join(src, f);
      return !fs.existsSync(original) || !fs.readFileSync(original).equals(fs.readFileSync(path.join(copy, f)));
    });
    expect(changed).toEqual([path.join('app', 'routes.tsx')]);
  });

  it('is routed, guarded by its permission and named in both languages from its own folder', async () => {
    const { shellRoutes } = await import(/* @vite-ignore */ path.join(copy, 'app/routes.tsx'));
    const { matchRoute, grantRoutes } = await import(/* @vite-ignore */ path.join(copy, 'lib/routing.ts'));
    const { featureCatalogue } = await import(/* @vite-ignore */ path.join(copy, 'app/featureCatalogue.ts'));
    const page = matchRoute(shellRoutes, '/probe/index')?.page;
    expect(page).toMatchObject({ titleKey: 'probe.menu.index', permission: 'probe' });
    const grantee = (perms: string[]) => ({
      isSuper: false,
      role: { permissions: perms.map((p) => ({ permissionId: p, actions: ['query'] })) },
    });
    const paths = (perms: string[]) => JSON.stringify(grantRoutes(shellRoutes, grantee(perms)));
    expect(paths(['probe'])).toContain('/probe/index');
    expect(paths(['userlist'])).not.toContain('/probe/index');
    expect(featureCatalogue['zh-CN'].probe).toEqual({ menu: { section: '探针', index: '探针列表' } });
    expect(featureCatalogue['en-US'].probe).toEqual({ menu: { section: 'Probe', index: 'Probes' } });
    // the permission's name and the event's notice, from the feature's own strings, beside the shared ones
    expect(featureCatalogue['zh-CN'].permission).toMatchObject({ probe: '探针' });
    expect(featureCatalogue['en-US'].realtime).toMatchObject({ probeAddedTitle: 'New probe', probeAddedDesc: 'A probe was added' });
    // the event is routed like the spec's: its notice, linking to the page
    const { effectsOf, recordPage } = await import(/* @vite-ignore */ path.join(copy, 'features/realtime/effects.ts'));
    expect(recordPage('PROBE_ADDED')).toBe('/probe/index');
    expect(JSON.stringify(effectsOf({ type: 'PROBE_ADDED', data: { id: 1 } }))).toContain('probeAdded');
  });
});
