import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The server's layer boundary (eslint.config.js, docs/architecture.md "Layers") really fires: sources linted with the
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

const refused = expect.stringMatching(/^import-x\/no-restricted-paths: .*import no domain: pass what they need in from app\.ts or main\.ts/);

describe('server layer boundary (eslint)', { timeout: 60_000 }, () => {
  it('refuses a shared layer importing a domain, values and types alike', async () => {
    expect(await problems(`${SRC}/http/probe.ts`, "import { login } from '../modules/session/service.js';\nexport const x = login;\n")).toEqual([refused]);
    expect(
      await problems(`${SRC}/realtime/probe.ts`, "import type { SessionCache } from '../modules/session/cache.js';\nexport type X = SessionCache;\n"),
    ).toEqual([refused]);
    expect(
      await problems(`${SRC}/lib/probe.ts`, "import { iosPushCredentials } from '../modules/account/service.js';\nexport const x = iosPushCredentials;\n"),
    ).toEqual([refused]);
    expect(await problems(`${SRC}/db/probe.ts`, "import { seedDemo } from '../modules/seed.js';\nexport const x = seedDemo;\n")).toEqual([refused]);
    expect(await problems(`${SRC}/ledger/probe.ts`, "import { DOMAINS } from '../modules/index.js';\nexport const x = DOMAINS;\n")).toEqual([refused]);
  });

  it('refuses a shared layer importing the composition or the tools', async () => {
    expect(await problems(`${SRC}/jobs/probe.ts`, "import { buildApp } from '../app.js';\nexport const x = buildApp;\n")).toEqual([refused]);
    expect(await problems(`${SRC}/http/probe.ts`, "import { Simulation } from '../simulate/index.js';\nexport const x = Simulation;\n")).toEqual([refused]);
  });

  it('lets a domain and the composition import the shared layers and domains', async () => {
    expect(await problems(`${SRC}/modules/users/probe.ts`, "import { fail } from '../../http/errors.js';\nexport const x = fail;\n")).toEqual([]);
    expect(await problems(`${SRC}/probe.ts`, "import { sessionAuthenticator } from './modules/session/service.js';\nexport const x = sessionAuthenticator;\n")).toEqual(
      [],
    );
  });

  it('refuses a source file over 400 lines', async () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';
    expect(await problems(`${SRC}/modules/users/probe.ts`, lines(400))).toEqual([]);
    expect(await problems(`${SRC}/modules/users/probe.ts`, lines(401))).toEqual([
      expect.stringMatching(/^max-lines: File has too many lines \(40[12]\)\. Maximum allowed is 400\./),
    ]);
  });
});
