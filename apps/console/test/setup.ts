import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ensureFullCatalogue } from '../src/app/i18n';
import { requestEnv } from '../src/lib/request';
import { bindFeedback, feedback } from '../src/lib/feedback';
import '../src/app/dayjsLocale';

// Tests see every feature's strings in both languages (the app loads the shown language's with the shell).
await Promise.all([ensureFullCatalogue('zh-CN'), ensureFullCatalogue('en-US')]);

// A test may put a fake in the request client's place (helpers.ts fakeFetch) and spies in feedback's (spyFeedback):
// the real ones are back after every test — most files share their worker's modules (vitest.config.ts), so what one
// file bound would otherwise still be bound in the next.
const realFetch = requestEnv.fetch;
const realFeedback = { ...feedback };
afterEach(() => {
  cleanup();
  requestEnv.fetch = realFetch;
  bindFeedback(realFeedback);
});
