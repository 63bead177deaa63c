// Console bundle sizes (DESIGN §7 "console bundle sizes per route", issue 3 targets).
// Builds the production console, then follows Vite's manifest to add up the gzip size of the JS and CSS
// a browser loads for: the sign-in page (entry + its static imports + the Login chunk), and the workplace
// after sign-in (the shell + the Workplace chunk, counting only files the sign-in page did not load).
// Also checks that every route page is a lazy chunk of its own.
//
// Usage: node bench/console-size/run.mjs [--no-build] [--no-write]
//   --no-build  measure the existing apps/console/dist
//   --no-write  print only; do not update bench/README.md
// Exit code 1 when a target is exceeded.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'apps/console/dist');
const args = new Set(process.argv.slice(2));

const TARGETS = { signIn: 250 * 1024, workplace: 400 * 1024 };
// the entry starts the console (start.tsx) and, on the sign-in route, the sign-in page, both as lazy chunks
const SIGN_IN = ['index.html', 'src/start.tsx', 'src/features/session/pages/Login.tsx'];
// the shell's chunk, the workplace page and the feature strings of the language shown
const WORKPLACE = ['src/layouts/shell.ts', 'src/features/dashboard/pages/Workplace.tsx', 'src/app/featureStrings.zh-CN.ts'];

if (!args.has('--no-build')) execSync('npm run build -w apps/console', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = new Map();
const gzipSize = (file) => {
  if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
};

/** Files (JS + CSS) loaded for these manifest entries: each chunk, its static imports, their CSS. */
function closure(keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const c = manifest[key];
    if (!c) throw new Error(`not in the manifest: ${key}`);
    files.add(c.file);
    for (const css of c.css ?? []) files.add(css);
    for (const i of c.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return files;
}

const sum = (files) => {
  let js = 0;
  let css = 0;
  for (const f of files) {
    if (f.endsWith('.css')) css += gzipSize(f);
    else js += gzipSize(f);
  }
  return { js, css, total: js + css, count: files.size };
};

const signInFiles = closure(SIGN_IN);
const shellFiles = closure(['index.html', ...WORKPLACE]);
const incremental = new Set([...shellFiles].filter((f) => !signInFiles.has(f)));
const signIn = sum(signInFiles);
const workplace = sum(incremental);
const workplaceTotal = sum(shellFiles);

// Every page of the route tables (app/userRoutes.tsx, each feature's routes.tsx) must be a dynamic entry (its own lazy
// chunk), never in the entry's static graph.
const srcDir = path.join(root, 'apps/console/src');
const routeFiles = [
  path.join(srcDir, 'app/routes.tsx'),
  path.join(srcDir, 'app/userRoutes.tsx'),
  ...fs.readdirSync(path.join(srcDir, 'features')).map((d) => path.join(srcDir, 'features', d, 'routes.tsx')),
].filter((f) => fs.existsSync(f));
const pages = [
  ...new Set(
    routeFiles.flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map(
        (m) =>
          `src/${path
            .relative(srcDir, path.resolve(path.dirname(f), m[1]))
            .split(path.sep)
            .join('/')}.tsx`,
      ),
    ),
  ),
].filter((p) => fs.existsSync(path.join(root, 'apps/console', p)));
const entryStatic = closure(['index.html']);
const notLazy = pages.filter((p) => !manifest[p]?.isDynamicEntry || entryStatic.has(manifest[p].file));

// zod (≈ 20 KB gzip) belongs to the forms that parse with a schema (apps/console/build/leanContracts.ts), never to the
// workplace's first view: its browser set-up (`jitless`) marks the file that carries it
const zodAfterSignIn = [...incremental].filter((f) => f.endsWith('.js') && fs.readFileSync(path.join(dist, f), 'utf8').includes('jitless'));
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ok = (n, t) => (n <= t ? 'yes' : '**NO**');
const rows = [
  ['Sign-in page (`/user/login`)', signIn, TARGETS.signIn],
  ['Workplace after sign-in (incremental)', workplace, TARGETS.workplace],
  ['Workplace, cold load (everything)', workplaceTotal, null],
];
const table = [
  '| Page | JS (gzip) | CSS (gzip) | Total (gzip) | Files | Target | Within |',
  '|---|---:|---:|---:|---:|---:|:---:|',
  ...rows.map(
    ([name, s, t]) =>
      `| ${name} | ${kb(s.js)} | ${kb(s.css)} | ${kb(s.total)} | ${s.count} | ${t ? `≤ ${kb(t)}` : '—'} | ${t ? ok(s.total, t) : '—'} |`,
  ),
].join('\n');

const section = `## console-size

Production build of \`apps/console\` (Vite ${JSON.parse(fs.readFileSync(path.join(root, 'node_modules/vite/package.json'))).version}), gzip level 9 of each JS and CSS file a
browser loads, following Vite's manifest (the entry, its static imports and CSS, and the route's lazy chunk).
"Incremental" counts only files the sign-in page did not already load. Run: \`node bench/console-size/run.mjs\`
(\`--no-build\` to reuse \`apps/console/dist\`, \`--no-write\` to leave this file alone).

${table}

What keeps the sign-in page small (keep it so): the shell (ProLayout, tabs, header) and every page are lazy chunks;
code that runs before the shell imports contract values from \`lib/contracts-lite.ts\`; the console's build keeps the
contracts' schemas and zod out of the pages that only call endpoints (\`build/leanContracts.ts\`; this run fails when zod
is loaded after sign-in); only shared and sign-in strings are in the first chunk (feature strings load with the
shell, \`app/catalogue.ts\`); the sign-in layout's routes live in \`app/userRoutes.tsx\`, not in the shell's table; dayjs
loads with the shell.

Lazy route pages: ${pages.length - notLazy.length} of ${pages.length} page modules of the route tables (\`app/userRoutes.tsx\`, each feature's \`routes.tsx\`) are chunks of their own${notLazy.length ? ` — NOT lazy: ${notLazy.join(', ')}` : ''}.
Measured ${new Date().toISOString().slice(0, 10)} on Node ${process.version}.
`;

console.log(table);
console.log(`\nzod after sign-in: ${zodAfterSignIn.length ? zodAfterSignIn.join(', ') : 'none'}`);
console.log(`\nlazy pages: ${pages.length - notLazy.length}/${pages.length}${notLazy.length ? ` (not lazy: ${notLazy.join(', ')})` : ''}`);

if (!args.has('--no-write')) {
  const readme = path.join(root, 'bench/README.md');
  let text = fs.existsSync(readme) ? fs.readFileSync(readme, 'utf8') : '# Benchmarks\n\nEach benchmark writes its own section below.\n';
  const re = /## console-size\n[\s\S]*?(?=\n## |$)/;
  text = re.test(text) ? text.replace(re, section.trimEnd() + '\n') : `${text.trimEnd()}\n\n${section}`;
  fs.writeFileSync(readme, text);
  console.log(`\nwritten to ${path.relative(root, readme)}`);
}

const failed = signIn.total > TARGETS.signIn || workplace.total > TARGETS.workplace || notLazy.length > 0 || zodAfterSignIn.length > 0;
process.exit(failed ? 1 : 0);
