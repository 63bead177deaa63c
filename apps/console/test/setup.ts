import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { ensureFullCatalogue } from '../src/app/i18n';
import '../src/app/dayjsLocale';

// Tests see every feature's strings (the app loads them with the shell).
await ensureFullCatalogue();

afterEach(() => {
  cleanup();
});
