import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folders of apps/server/src depend on each other without a cycle (docs/architecture.md, Layers). The lint rule
 * import-x/no-cycle follows files; this follows folders, where lib↔http or realtime↔http used to close a loop that no
 * file-level cycle showed. Nodes are the top-level folders and files of src; edges are relative imports, types included.
 */
const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The node a source path belongs to: its top-level folder, or itself for a file at the top. */
const nodeOf = (file: string) => path.relative(src, file).split(path.sep)[0]!;

function folderGraph(root = src): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const e of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith('.ts')) continue;
    const file = path.join(e.parentPath, e.name);
    const from = nodeOf(file);
    const edges = graph.get(from) ?? graph.set(from, new Set()).get(from)!;
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = nodeOf(path.resolve(path.dirname(file), (m[1] ?? m[2])!)).replace(/\.js$/, '.ts');
      if (to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every cycle's nodes (strongly connected components of more than one node), Tarjan's algorithm. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('the folder graph of the server', () => {
  const graph = folderGraph();

  it('has no cycle between folders', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('is read from the real imports, and the cycle finder names a cycle (so the check above can fail)', () => {
    expect([...graph.keys()]).toEqual(expect.arrayContaining(['lib', 'db', 'app', 'http', 'realtime', 'jobs', 'modules', 'app.ts']));
    expect(['http', 'db', 'app', 'lib'].filter((to) => !graph.get('modules')!.has(to))).toEqual([]);
    expect(graph.get('http')!.has('app')).toBe(true);
    const knot = new Map([...graph].map(([k, v]) => [k, new Set(v)]));
    knot.get('lib')!.add('http'); // lib/ importing the context through http/, as it once did
    expect(cyclesOf(knot)).toEqual([expect.arrayContaining(['lib', 'http'])]);
  });

  it('keeps each shared layer to the layers below it: lib/ imports nothing of the app', () => {
    const order = ['lib', 'config.ts', 'db', 'app', 'realtime', 'jobs', 'http'];
    for (const [i, layer] of order.entries()) {
      const above = [...(graph.get(layer) ?? [])].filter((to) => !order.slice(0, i).includes(to));
      expect(above, `${layer} imports ${above.join(', ')}`).toEqual([]);
    }
  });
});
