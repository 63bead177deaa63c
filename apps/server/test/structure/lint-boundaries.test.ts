import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's boundaries (eslint.config.js, docs/architecture.md "Layers") really fire: sources linted with the
 * repository's own config at a path inside the server, each with one planted import.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SRC = 'apps/server/src';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const refused = expect.stringMatching(
  /^import-x\/no-restricted-paths: .*import no domain: pass what they need in from app\.ts or main\.ts/,
);

describe('server layer boundary (eslint)', { timeout: 60_000 }, () => {
  it('refuses a shared layer importing a domain, values and types alike', async () => {
    expect(
      await problems(`${SRC}/http/probe.ts`, "import { login } from '../modules/session/service.js';\nexport const x = login;\n"),
    ).toEqual([refused]);
    expect(
      await problems(
        `${SRC}/realtime/probe.ts`,
        "import type { SessionCache } from '../modules/session/cache.js';\nexport type X = SessionCache;\n",
      ),
    ).toEqual([refused]);
    expect(
      await problems(
        `${SRC}/lib/probe.ts`,
        "import { iosPushCredentials } from '../modules/account/service.js';\nexport const x = iosPushCredentials;\n",
      ),
    ).toEqual([refused]);
    expect(await problems(`${SRC}/db/probe.ts`, "import { seedDemo } from '../modules/seed.js';\nexport const x = seedDemo;\n")).toEqual([
      refused,
    ]);
    expect(await problems(`${SRC}/app/probe.ts`, "import { DOMAINS } from '../modules/index.js';\nexport const x = DOMAINS;\n")).toEqual([
      refused,
    ]);
  });

  it('refuses a shared layer importing a layer above it: lib/ nothing of the app, no layer http/', async () => {
    const below = (msg: string) => expect.stringMatching(new RegExp(`^import-x/no-restricted-paths: Unexpected path .* ${msg}`));
    expect(
      await problems(`${SRC}/lib/probe.ts`, "import type { AppContext } from '../app/context.js';\nexport type X = AppContext;\n"),
    ).toEqual([below('lib/ depends on nothing of the app')]);
    expect(await problems(`${SRC}/lib/probe.ts`, "import { loadConfig } from '../config.js';\nexport const x = loadConfig;\n")).toEqual([
      below('lib/ depends on nothing of the app'),
    ]);
    expect(await problems(`${SRC}/db/probe.ts`, "import { fail } from '../http/errors.js';\nexport const x = fail;\n")).toEqual([
      below('db imports only the layers below it'),
    ]);
    expect(await problems(`${SRC}/realtime/probe.ts`, "import { route } from '../http/route.js';\nexport const x = route;\n")).toEqual([
      below('realtime imports only the layers below it'),
    ]);
    expect(
      await problems(
        `${SRC}/jobs/probe.ts`,
        "import { t } from '../app/i18n.js';\nimport { fail } from '../http/errors.js';\nexport const x = [t, fail];\n",
      ),
    ).toEqual([below('jobs imports only the layers below it')]);
    // downwards is the way: the context from app/, a lib helper from anywhere
    expect(
      await problems(`${SRC}/realtime/probe.ts`, "import type { AppContext } from '../app/context.js';\nexport type X = AppContext;\n"),
    ).toEqual([]);
    expect(await problems(`${SRC}/db/probe.ts`, "import { metrics } from '../lib/metrics.js';\nexport const x = metrics;\n")).toEqual([]);
  });

  it('refuses a shared layer importing the composition or the tools', async () => {
    expect(await problems(`${SRC}/jobs/probe.ts`, "import { buildApp } from '../app.js';\nexport const x = buildApp;\n")).toEqual([
      refused,
    ]);
    expect(
      await problems(`${SRC}/http/probe.ts`, "import { Simulation } from '../simulate/index.js';\nexport const x = Simulation;\n"),
    ).toEqual([refused]);
  });

  it('lets a domain and the composition import the shared layers and domains through their public entries', async () => {
    expect(
      await problems(`${SRC}/modules/users/probe.ts`, "import { fail } from '../../http/errors.js';\nexport const x = fail;\n"),
    ).toEqual([]);
    expect(
      await problems(`${SRC}/modules/trading/probe.ts`, "import { riskRules } from '../risk/index.js';\nexport const x = riskRules;\n"),
    ).toEqual([]);
    // another domain's tables, to read and join: through its tables.ts (one below it), or the parties' in the kit
    expect(
      await problems(`${SRC}/modules/trading/probe.ts`, "import { userBanks } from '../users/tables.js';\nexport const x = userBanks;\n"),
    ).toEqual([]);
    expect(
      await problems(`${SRC}/modules/fundrecords/probe.ts`, "import { users } from '../_kit/parties.js';\nexport const x = users;\n"),
    ).toEqual([]);
    expect(
      await problems(
        `${SRC}/app.ts`,
        "import { sessionAuthenticator } from './modules/session/index.js';\nexport const x = sessionAuthenticator;\n",
      ),
    ).toEqual([]);
  });

  it("refuses a domain importing another domain's internals, values and types alike", async () => {
    const internal = expect.stringMatching(/^import-x\/no-restricted-paths: .*A domain imports another only through its index\.ts/);
    expect(
      await problems(`${SRC}/modules/trading/probe.ts`, "import { riskRules } from '../risk/settings.js';\nexport const x = riskRules;\n"),
    ).toEqual([internal]);
    expect(
      await problems(`${SRC}/modules/messages/probe.ts`, "import type { UserRow } from '../users/service.js';\nexport type X = UserRow;\n"),
    ).toEqual([internal]);
    // a manifest is installed by modules/index.ts only
    expect(await problems(`${SRC}/modules/dashboard/probe.ts`, "import m from '../counts/manifest.js';\nexport const x = m;\n")).toEqual([
      internal,
    ]);
  });

  it('refuses the kit importing a domain, and the composition reaching past a public entry', async () => {
    expect(
      await problems(`${SRC}/modules/_kit/probe.ts`, "import { riskRules } from '../risk/index.js';\nexport const x = riskRules;\n"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*modules\/_kit imports no domain/)]);
    // not even a domain's tables: what the kit joins (the parties) is declared in it
    expect(
      await problems(`${SRC}/modules/_kit/probe.ts`, "import { userBanks } from '../users/tables.js';\nexport const x = userBanks;\n"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*modules\/_kit imports no domain/)]);
    expect(
      await problems(
        `${SRC}/app.ts`,
        "import { sessionAuthenticator } from './modules/session/service.js';\nexport const x = sessionAuthenticator;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Outside modules\/, a domain is reached through its index\.ts/)]);
  });

  it('refuses an import cycle between domains', async () => {
    // risk/settings.ts as it is plus an import of trading, whose book.ts already imports risk: a cycle through two entries
    const settings = fs.readFileSync(path.join(repoRoot, SRC, 'modules/risk/settings.ts'), 'utf8');
    expect(
      await problems(
        `${SRC}/modules/risk/settings.ts`,
        `${settings}\nimport { openPosition } from '../trading/index.js';\nexport const x = openPosition;\n`,
      ),
    ).toEqual(
      // risk is below trading in the domains' order, and the two would import each other
      expect.arrayContaining([
        expect.stringMatching(/^import-x\/no-cycle: Dependency cycle/),
        expect.stringMatching(/^import-x\/no-restricted-paths: .*risk is below these in the domains' order/),
      ]),
    );
    expect(await problems(`${SRC}/modules/risk/settings.ts`, settings)).toEqual([]);
  });

  it('refuses a source file over 400 lines', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    expect(await problems(`${SRC}/modules/users/probe.ts`, lines(400))).toEqual([]);
    expect(await problems(`${SRC}/modules/users/probe.ts`, lines(401))).toEqual([
      expect.stringMatching(/^max-lines: File has too many lines \(40[12]\)\. Maximum allowed is 400\./),
    ]);
  });

  it('refuses paging by hand outside db/paging.ts (one paging path)', async () => {
    const byHand = expect.stringMatching(/^no-restricted-syntax: Page through db\/paging\.ts/);
    const offsetSql = 'export const f = (p: { pageNum: number; pageSize: number }) => (p.pageNum - 1) * p.pageSize;\n';
    expect(await problems(`${SRC}/modules/users/probe.ts`, offsetSql)).toEqual([byHand]);
    expect(
      await problems(`${SRC}/modules/users/probe.ts`, 'export const f = (q: { offset(n: number): unknown }) => q.offset(20);\n'),
    ).toEqual([byHand]);
    expect(await problems(`${SRC}/db/paging.ts`, offsetSql)).toEqual([]);
    expect(
      await problems(`${SRC}/modules/users/probe.ts`, "import { pageSql } from '../../db/paging.js';\nexport const f = pageSql;\n"),
    ).toEqual([]);
  });

  it("refuses a domain calling or reading one above it in the domains' order", async () => {
    const above = expect.stringMatching(/^import-x\/no-restricted-paths: .*fundrecords is below these in the domains' order/);
    // the ledger calling trading would put the money path in a circle
    expect(
      await problems(
        `${SRC}/modules/fundrecords/probe.ts`,
        "import { openPosition } from '../trading/index.js';\nexport const x = openPosition;\n",
      ),
    ).toEqual([above]);
    expect(
      await problems(
        `${SRC}/modules/fundrecords/probe.ts`,
        "import type { TradedStock } from '../trading/index.js';\nexport type X = TradedStock;\n",
      ),
    ).toEqual([above]);
    expect(
      await problems(
        `${SRC}/modules/fundrecords/probe.ts`,
        "import { positions } from '../trading/tables.js';\nexport const x = positions;\n",
      ),
    ).toEqual([above]);
    expect(
      await problems(`${SRC}/modules/trading/probe.ts`, "import { post } from '../fundrecords/index.js';\nexport const x = post;\n"),
    ).toEqual([]);
  });
});
