// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

/**
 * The console's boundaries (eslint.config.js, docs/architecture.md) really fire: sources linted with the
 * repository's own config at a path inside the console.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SRC = 'apps/console/src';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('console import boundaries (eslint)', { timeout: 60_000 }, () => {
  it('refuses an import from another feature', async () => {
    const found = await problems(
      `${SRC}/features/users/Probe.tsx`,
      "import { rechargeCalls } from '../funds/api';\nexport const x = rechargeCalls;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/funds\/api".*A feature imports no other feature/),
    ]);
  });

  it('refuses lib/, components/ and shared/ importing app/, layouts/ or features/', async () => {
    expect(await problems(`${SRC}/lib/probe.ts`, "import { shellRoutes } from '../app/routes';\nexport const x = shellRoutes;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*"\.\.\/app\/routes".*depend on nothing in app/),
    ]);
    expect(
      await problems(`${SRC}/shared/probe.ts`, "import { userCalls } from '../features/users/api';\nexport const x = userCalls;\n"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*depend on nothing in app/)]);
    expect(await problems(`${SRC}/components/probe.ts`, "import { TabBar } from '../layouts/TabBar';\nexport const x = TabBar;\n")).toEqual(
      [expect.stringMatching(/^import-x\/no-restricted-paths: .*depend on nothing in app/)],
    );
  });

  it('keeps pages from formatting numbers by hand (one formatter per kind)', async () => {
    const found = await problems(
      `${SRC}/features/users/Probe.tsx`,
      [
        'export const a = (n: number) => n.toLocaleString();',
        'export const b = (v: string) => Number(v).toFixed(2);',
        'export const c = (v: string) => `¥${v}`;',
        'export const d = (v: string) => <b>¥{v}</b>;',
        'export const e = (n: number) => (n / 1024).toFixed(1);',
        "export const ok = (v: { toFixed(n: number): string; plus(x: string): { toFixed(n: number): string } }) => v.plus('1').toFixed(2);",
        '',
      ].join('\n'),
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Format through shared\/money/),
      expect.stringMatching(/^no-restricted-syntax: A float rounded by hand/),
      expect.stringMatching(/^no-restricted-syntax: Money with its sign is formatYuan/),
      expect.stringMatching(/^no-restricted-syntax: Money with its sign is formatYuan/),
      expect.stringMatching(/^no-restricted-syntax: A float rounded by hand/),
    ]);
  });

  it('lets only app/ import a route manifest', async () => {
    expect(
      await problems(
        `${SRC}/layouts/probe.ts`,
        "import { dashboardSection } from '../features/dashboard/routes';\nexport const x = dashboardSection;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Only app\/routes\.tsx imports the route manifests/)]);
    expect(
      await problems(
        `${SRC}/app/probe.ts`,
        "import { dashboardSection } from '../features/dashboard/routes';\nexport const x = dashboardSection;\n",
      ),
    ).toEqual([]);
  });

  it('refuses an import cycle, dynamic imports included', async () => {
    // two fixture files importing each other (ignored by `npx eslint .`, covered by the console's rules)
    const withFixtures = new ESLint({ cwd: repoRoot, ignore: false });
    const [result] = await withFixtures.lintFiles([path.join(repoRoot, 'apps/console/test/fixtures/lint-cycle/a.ts')]);
    expect(result!.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle']);
    // a page importing the route table that lazy-loads it
    const workplace = `${SRC}/features/dashboard/pages/Workplace.tsx`;
    expect(await problems(workplace, "import { shellRoutes } from '../../../app/routes';\nexport const x = shellRoutes;\n")).toEqual([
      expect.stringMatching(/^import-x\/no-cycle: /),
    ]);
  });

  it('allows a feature its own modules, shared/, lib/ and components/', async () => {
    const code = [
      "import { userCalls } from '../api';",
      "import { formatMoney } from '../../../shared/money';",
      "import { call } from '../../../lib/request';",
      "import { PageLoading } from '../../../components/PageLoading';",
      'export const x = [userCalls, formatMoney, call, PageLoading];',
      '',
    ].join('\n');
    expect(await problems(`${SRC}/features/users/pages/Probe.tsx`, code)).toEqual([]);
  });
});
