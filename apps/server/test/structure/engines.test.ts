import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/** The lowest release of each Node line the README promises (engines of the root package.json). */
const SUPPORTED_FLOORS = ['20.19.0', '22.13.0', '24.0.0'];

describe('supported Node versions', () => {
  const engines: string = readJson('package.json').engines.node;

  it('the root engines field admits exactly the supported lines', () => {
    for (const v of SUPPORTED_FLOORS) expect(semver.satisfies(v, engines), v).toBe(true);
    expect(semver.satisfies('20.18.0', engines)).toBe(false);
    expect(semver.satisfies('18.20.0', engines)).toBe(false);
  });

  it('no installed package asks for a newer Node than a supported line (no EBADENGINE on npm install)', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
    };
    const refusals: string[] = [];
    for (const [where, pkg] of Object.entries(lock.packages)) {
      const wants = pkg.engines && !Array.isArray(pkg.engines) ? pkg.engines.node : undefined;
      if (!where || !wants) continue;
      for (const v of SUPPORTED_FLOORS) {
        if (!semver.satisfies(v, wants)) refusals.push(`${where}@${pkg.version} needs node ${wants} (not ${v})`);
      }
    }
    expect(refusals).toEqual([]);
  });

  it('the README states the same lines', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toMatch(/Node\.js 20\.19\+, 22\.13\+ or 24/);
  });
});
