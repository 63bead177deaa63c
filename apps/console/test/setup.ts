import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ensureFullCatalogue } from '../src/app/i18n';
import { requestEnv } from '../src/lib/request';
import '../src/app/dayjsLocale';

// Tests see every feature's strings in both languages (the app loads the shown language's with the shell).
await Promise.all([ensureFullCatalogue('zh-CN'), ensureFullCatalogue('en-US')]);

// A test may put a fake in the request client's place (helpers.ts fakeFetch): the real one is back after every test.
const realFetch = requestEnv.fetch;
afterEach(() => {
  cleanup();
  requestEnv.fetch = realFetch;
});
