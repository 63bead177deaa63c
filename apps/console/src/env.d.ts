/** The console build's identity (its build time, vite.config.ts `define`); undefined under the test runner. */
declare const __CONSOLE_BUILD__: string | undefined;
