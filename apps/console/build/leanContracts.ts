import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [k: string]: unknown };

/** Initialisers that may run code: wrapped. (Literals, functions and plain names are already free to drop.) */
const WRAPPED = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'ArrayExpression', 'MemberExpression', 'ChainExpression']);

const CONTRACTS = /\/packages\/contracts\/src\/(?!zod-setup)[^/]+\.ts$/;
const ZOD = 'virtual:contracts-zod';

/** zod with the browser's set-up (contracts zod-setup.ts), included only where a schema is left to use it. */
const ZOD_MODULE = `import { z as zod, config } from 'zod';
// set up where z is taken: a module without side effects keeps its initialisers, not its bare statements
export const z = /* @__PURE__ */ (() => {
  config({ jitless: true });
  return zod;
})();
`;

/**
 * The console calls the server through the contracts' endpoints but reads only their method and path: the zod
 * schemas beside them (`input`, `data`) are the server's and the types'. Left in, every page that calls any endpoint
 * pulled zod and every schema of that domain (≈ 60 KB brotli after sign-in). In the console's build, this drops an
 * endpoint's schemas and makes each of the contracts' top-level initialisers one pure call, so a schema (and zod) ends up only in the chunks of
 * the forms that really parse with one.
 */
export function leanContracts(): Plugin {
  return {
    name: 'lean-contracts',
    apply: 'build',
    resolveId(id) {
      // no side effects of its own: it comes with the first schema a chunk keeps, and not otherwise
      return id === ZOD ? { id: `\0${ZOD}`, moduleSideEffects: false } : null;
    },
    load(id) {
      return id === `\0${ZOD}` ? ZOD_MODULE : null;
    },
    transform(source, id) {
      if (!CONTRACTS.test(id)) return null;
      // the index's `import './zod-setup.js'` would bring zod to every importer: each module's zod brings its set-up
      const code = source.replace(/^import ['"]\.\/zod-setup\.js['"];?$/m, '').replace(/from ['"]zod['"]/g, `from '${ZOD}'`);
      const ast = this.parse(code) as unknown as Node;
      const edits: { at: number; end?: number; text: string }[] = [];
      // each top-level initialiser becomes one pure call: a chain (`z.string().trim().regex(…)`) is pure as a whole,
      // where an annotation would mark only its first call
      for (const stmt of ast.body as Node[]) {
        const decl = stmt.type === 'ExportNamedDeclaration' ? (stmt.declaration as Node | null) : stmt;
        if (decl?.type !== 'VariableDeclaration') continue;
        for (const d of decl.declarations as Node[]) {
          const init = d.init as Node | null;
          if (!init || !WRAPPED.has(init.type)) continue;
          edits.push({ at: init.start, text: '/* @__PURE__ */ (() => (' });
          edits.push({ at: init.end, text: '))()' });
        }
      }
      walk(ast, (n) => {
        if (n.type === 'CallExpression' && (n.callee as Node).type === 'Identifier' && (n.callee as { name: string }).name === 'endpoint') {
          const arg = (n.arguments as Node[])[0];
          if (arg?.type !== 'ObjectExpression') return;
          for (const p of arg.properties as Node[]) {
            const key = p.key as { name?: string } | undefined;
            if (p.type === 'Property' && (key?.name === 'input' || key?.name === 'data')) {
              // `{ input }` shorthand: the whole property; else its value
              const v = p.shorthand ? p : (p.value as Node);
              edits.push({ at: v.start, end: v.end, text: p.shorthand ? `${key.name}: void 0` : 'void 0' });
            }
          }
        }
      });
      if (!edits.length) return code === source ? null : { code, map: null };
      // back to front, so earlier offsets stay valid (a wrapper's start and end enclose the replaced values)
      edits.sort((a, b) => b.at - a.at);
      let out = code;
      for (const e of edits) out = out.slice(0, e.at) + e.text + out.slice(e.end ?? e.at);
      return { code: out, map: null };
    },
  };
}

function walk(n: unknown, visit: (n: Node) => void): void {
  if (!n || typeof n !== 'object') return;
  if (Array.isArray(n)) {
    for (const c of n) walk(c, visit);
    return;
  }
  const node = n as Node;
  if (typeof node.type === 'string') visit(node);
  for (const k in node) if (k !== 'type' && k !== 'start' && k !== 'end') walk(node[k], visit);
}
