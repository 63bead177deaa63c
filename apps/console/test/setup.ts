import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ensureFullCatalogue } from '../src/app/i18n';
import '../src/app/dayjsLocale';

// Tests see every feature's strings in both languages (the app loads the shown language's with the shell).
await Promise.all([ensureFullCatalogue('zh-CN'), ensureFullCatalogue('en-US')]);

afterEach(() => {
  cleanup();
});
