import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The console's boundaries (docs/architecture.md, Console): every folder of features/ is a domain.
const CONSOLE = 'apps/console/src';
const FEATURES = fs
  .readdirSync(path.join(import.meta.dirname, CONSOLE, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const TOP = fs.readdirSync(path.join(import.meta.dirname, CONSOLE)).filter((n) => n !== 'app');
// The server's layers (docs/architecture.md, Layers): these are shared by every domain and import none. Bottom up, each
// imports only those before it (test/structure/layers.test.ts holds the whole folder graph free of cycles).
const SERVER = 'apps/server/src';
const SERVER_LAYERS = ['lib', 'config.ts', 'db', 'app', 'realtime', 'jobs', 'http'];
const SERVER_SHARED = SERVER_LAYERS.filter((l) => l !== 'config.ts');
// Every folder of modules/ but the kit is a domain; its index.ts (services) and tables.ts (its tables, to read and join)
// are what others may use, manifest.ts what app.ts installs.
const DOMAINS = fs
  .readdirSync(path.join(import.meta.dirname, SERVER, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== '_kit')
  .map((d) => d.name);
const ENTRIES = DOMAINS.flatMap((d) => [`./${d}/index.ts`, `./${d}/tables.ts`]);
// the domains' one order (modules/order.mjs): each calls only those below it
const { DOMAIN_ORDER } = await import(`./${SERVER}/modules/order.mjs`);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'e2e/screenshots/**',
      'bench/.results/**',
      // the benchmarks' bundled harnesses (bench/quotes, bench/socket-fanout: built under apps/server so its packages resolve)
      'apps/server/.bench/**',
      // the throw-away domain's copies (server test/structure/add-domain.test.ts, console test/add-feature.test.ts), while they run
      'apps/server/.tmp/**',
      'apps/console/.tmp/**',
      // an import cycle on purpose: linted (with `ignore: false`) by apps/console/test/lint-boundaries.test.ts
      'apps/console/test/fixtures/lint-cycle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        performance: 'readonly',
        AbortController: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Files are split along their seams before they grow past 400 lines (the guide's standard), sources only.
    files: ['apps/server/src/**/*.ts', 'apps/console/src/**/*.{ts,tsx}', 'packages/contracts/src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // a hook called inside a callback or a condition breaks React at run time (not at build time): refused here
    files: ['apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    // Console boundaries. A feature imports no other feature (code used by several lives in shared/); lib/,
    // components/ and shared/ import nothing of app/, layouts/ or features/; a feature's route manifest
    // (features/<domain>/routes.tsx) is imported only by app/routes.tsx; and no import cycle (dynamic imports
    // count: a page importing the route table that lazy-loads it is one).
    files: [`${CONSOLE}/**/*.{ts,tsx}`, 'apps/console/test/fixtures/lint-cycle/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // relative imports without extension (.ts/.tsx) and the workspace packages, resolved like Vite does
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      // the files the rules read to follow imports (by default only .js: no cycle through .ts would be seen)
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // No maxDepth: measured with TIMING=1, the rule takes ≈ 6–7 s of `npx eslint .` unbounded and ≈ 5.5 s with
      // maxDepth 12 (most of it is reading the modules once), so every cycle is looked for.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...FEATURES.map((f) => ({
              target: `${CONSOLE}/features/${f}`,
              from: `${CONSOLE}/features`,
              except: [`./${f}`],
              message: `A feature imports no other feature: move what ${f} needs into shared/.`,
            })),
            {
              target: ['lib', 'components', 'shared'].map((d) => `${CONSOLE}/${d}`),
              from: ['app', 'layouts', 'features'].map((d) => `${CONSOLE}/${d}`),
              message: 'lib/, components/ and shared/ depend on nothing in app/, layouts/ or features/.',
            },
            {
              target: TOP.map((n) => `${CONSOLE}/${n}`),
              from: [`${CONSOLE}/features/*/routes.tsx`],
              message: 'Only app/routes.tsx imports the route manifests.',
            },
          ],
        },
      ],
    },
  },
  {
    // The sign-in page loads before the shell: a value imported from the contracts' entry there brings zod and every
    // schema (≈ 95 KB gzip) into its first chunk (bench/console-size). Those files take values from lib/contracts-lite.ts;
    // types are free. lib/access, badges and socket run only in the shell.
    files: [
      `${CONSOLE}/start.tsx`,
      `${CONSOLE}/app/{App.tsx,userRoutes.tsx,i18n.ts,catalogue.ts,providers.tsx,session.ts}`,
      `${CONSOLE}/features/session/**/*.{ts,tsx}`,
      `${CONSOLE}/lib/*.{ts,tsx}`,
    ],
    ignores: [`${CONSOLE}/lib/{access.tsx,badges.ts,socket.ts,proTable.ts,download.ts}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@stock-admin/contracts', '@stock-admin/contracts/*'],
              allowTypeImports: true,
              message: 'Before the shell, contract values come from lib/contracts-lite.ts (the entry brings zod into the sign-in page).',
            },
          ],
        },
      ],
    },
  },
  {
    // One formatter per kind (issue 39): features show money, percentages, quantities, codes, sizes and times through
    // shared/money, shared/market/quoteFormat and shared/format — never by hand (a float's toFixed, the browser's
    // locale, a currency sign glued in front of a raw amount).
    files: [`${CONSOLE}/features/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(String|DateString|TimeString)$/]',
          message: 'Format through shared/money (formatCount, formatMoney, formatYuan) or shared/format (fmtTime), not the browser locale.',
        },
        {
          // a JS number's arithmetic or Number(…) rounded for display (a decimal's own toFixed is fine)
          selector:
            "CallExpression[callee.property.name='toFixed']:matches([callee.object.type='BinaryExpression'], [callee.object.callee.name='Number'])",
          message: 'A float rounded by hand: use shared/money (formatMoney, formatPct, formatSize) or a decimal.',
        },
        {
          selector: 'TemplateElement[value.raw=/¥$/]',
          message: 'Money with its sign is formatYuan (shared/money): "-¥6,850.17", never "¥-6850.17".',
        },
        {
          selector: 'JSXText[value=/¥\\s*$/]',
          message: 'Money with its sign is formatYuan (shared/money): "-¥6,850.17", never "¥-6850.17".',
        },
      ],
    },
  },
  {
    // Server boundaries. The shared layers import no domain (modules/), nor the tools and the composition above them:
    // what they need of a domain — the session lookup, the agents above a user, the iOS push credentials — app.ts or
    // main.ts passes in (the context, an option). Imports are written with .js and resolved to the .ts sources.
    files: [`${SERVER}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.js'] } }),
      ],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      // one paging path (db/paging.ts: onePage, pageSql, pageOf): a page's offset is computed there and nowhere else
      'no-restricted-syntax': [
        'error',
        {
          selector: "BinaryExpression[operator='-']:matches([left.property.name='pageNum'], [left.name='pageNum'])",
          message: 'Page through db/paging.ts (onePage for a query, pageSql for raw SQL, pageOf for a list in memory), not by hand.',
        },
        {
          selector: "CallExpression[callee.property.name='offset']",
          message: 'Page through db/paging.ts (onePage for a query, pageSql for raw SQL), not with .offset().',
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            // A domain uses the kit, the shared layers and other domains' public entries (their index.ts), nothing else
            ...DOMAINS.map((d) => ({
              target: `${SERVER}/modules/${d}`,
              from: `${SERVER}/modules`,
              except: [`./${d}`, './_kit', ...ENTRIES],
              message: `A domain imports another only through its index.ts (its public entry) or its tables.ts: export what ${d} needs there.`,
            })),
            // ... and only the domains below it in the order (modules/order.mjs): neither the calls nor the tables of
            // one above it (the parties' tables that the lowest read are under every domain, in _kit/parties.ts)
            ...DOMAIN_ORDER.slice(0, -1).map((d, i) => ({
              target: `${SERVER}/modules/${d}`,
              from: DOMAIN_ORDER.slice(i + 1).flatMap((above) => [
                `${SERVER}/modules/${above}/index.ts`,
                `${SERVER}/modules/${above}/tables.ts`,
              ]),
              message: `${d} is below these in the domains' order (modules/order.mjs): it calls and reads only domains under it — move what both need down, or pass it in.`,
            })),
            {
              // the kit is below every domain (agent scoping joins the parties' tables, declared in the kit)
              target: `${SERVER}/modules/_kit`,
              from: `${SERVER}/modules`,
              except: ['./_kit'],
              message: 'modules/_kit imports no domain: it is what the domains share.',
            },
            {
              // the composition and the tools above it install manifests and call public entries, like the domains
              target: ['app.ts', 'main.ts', 'cli', 'simulate'].map((d) => `${SERVER}/${d}`),
              from: `${SERVER}/modules`,
              except: ['./_kit', './index.ts', './seed.ts', ...ENTRIES],
              message: 'Outside modules/, a domain is reached through its index.ts (or the manifests, through modules/index.ts).',
            },
            {
              target: SERVER_SHARED.map((d) => `${SERVER}/${d}`),
              from: ['modules', 'simulate', 'cli', 'app.ts', 'main.ts'].map((d) => `${SERVER}/${d}`),
              message: `${SERVER_SHARED.join('/, ')}/ import no domain: pass what they need in from app.ts or main.ts.`,
            },
            // each shared layer imports only the layers below it: lib/ nothing of the app, db/ no context, no layer http/
            ...SERVER_LAYERS.slice(0, -1).map((layer, i) => ({
              target: `${SERVER}/${layer}`,
              from: SERVER_LAYERS.slice(i + 1).map((above) => `${SERVER}/${above}`),
              message:
                layer === 'lib'
                  ? 'lib/ depends on nothing of the app: pass what it needs as a parameter.'
                  : `${layer} imports only the layers below it (${SERVER_LAYERS.slice(0, i).join(', ') || 'none'}): move the shared piece down (app/ holds the context).`,
            })),
          ],
        },
      ],
    },
  },
  {
    // the one place pages are computed
    files: [`${SERVER}/db/paging.ts`],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
