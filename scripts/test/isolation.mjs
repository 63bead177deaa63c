// Which test files keep a module graph of their own when a suite shares its workers' modules (isolate: false in
// apps/console and apps/server vitest.config.ts): the files that replace modules, timers or globals, read from the
// files themselves, so that a new test that mocks is isolated without a line in either config.
import fs from 'node:fs';
import path from 'node:path';

const REPLACES = /\bvi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv)\(/;

/** The test files under `<root>/test` matching `name` that replace something, as `test/…` paths. */
export function filesThatReplace(root, name) {
  const tests = path.join(root, 'test');
  return fs
    .readdirSync(tests, { recursive: true, encoding: 'utf8' })
    .filter((f) => name.test(f) && REPLACES.test(fs.readFileSync(path.join(tests, f), 'utf8')))
    .map((f) => `test/${f.split(path.sep).join('/')}`);
}
