// THE browser of the console benchmarks: Debian's Chromium with the flags this machine's closed network needs (the
// browser suite's own, e2e/lib/index.ts), headless.
import { chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchChromium = () => chromium.launch({ executablePath: CHROMIUM, args: ARGS });
