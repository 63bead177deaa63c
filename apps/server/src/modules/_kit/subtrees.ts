import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { executeList } from '../../db/named.js';
import { isAgentStaff, scopeRootAgentId, type ScopeSubject } from './scope.js';

/**
 * Agent subtrees (the ids of an agent and every agent below it) for the hot lists, remembered per
 * database and root together with the version of the agent tree they were read at
 * (agent_tree_version, migration 0207: bumped in the transaction of every change to the tree).
 *
 * Remembered ids are only trusted against the tree they were read from: a list statement built with
 * them also selects `treeVersionColumn` in its own snapshot, and when that differs from the version the
 * ids came with, `listRows` runs the statement again with ids read afresh (`fresh`), as current as
 * the two-statement read every other scoped query does. A remembered subtree is thus never used
 * against a tree it does not match, and the usual list call costs one round trip instead of two.
 */
interface Subtrees {
  /** The tree version the lists were read at (a bigint as text). */
  version: string;
  /** One id list per requested root, in the same order. */
  lists: number[][];
}

const cache = new WeakMap<object, Map<number, { v: string; ids: number[] }>>();
// far more agents than a platform has; only guards the memory of a process serving many databases
const MAX_ROOTS = 10_000;

/** The `tree_v` column of a list statement built from `ids`: the tree version in the statement's snapshot. */
export const treeVersionColumn = (ids: AgentIdLists): SQL =>
  ids.version !== undefined ? sql`(SELECT v FROM agent_tree_version)::text AS tree_v, ` : sql``;

/** The subtrees of `roots`, remembered ones when they all share one version, else all read in one snapshot. */
async function subtrees(db: Db, roots: number[], opts: { fresh?: boolean } = {}): Promise<Subtrees> {
  let known = cache.get(db);
  if (!known) cache.set(db, (known = new Map()));
  const hits = opts.fresh ? [] : roots.map((r) => known!.get(r));
  const v = hits[0]?.v;
  if (hits.length && hits.every((h) => h && h.v === v)) return { version: v!, lists: hits.map((h) => h!.ids) };
  const [r] = rows<{ v: string; lists: number[][] | string }>(
    await db.execute(sql`
      SELECT v::text AS v, json_build_array(${sql.join(
        roots.map((root) => sql`(SELECT coalesce(json_agg(id ORDER BY id), '[]'::json) FROM agents WHERE path @> ARRAY[${root}::int])`),
        sql`, `,
      )}) AS lists
      FROM agent_tree_version`),
  );
  const lists = (typeof r!.lists === 'string' ? JSON.parse(r!.lists) : r!.lists) as number[][];
  if (known.size + roots.length > MAX_ROOTS) known.clear();
  roots.forEach((root, i) => known!.set(root, { v: r!.v, ids: lists[i]! }));
  return { version: r!.v, lists };
}

/** Agent ids a list query needs: the admin's scope and the agent filter's (sub)tree. */
export interface AgentIdLists {
  /** null: not scoped ([] for an agent account bound to no agent). */
  scope: number[] | null;
  /** null: no agent filter. */
  agents: number[] | null;
  /** The tree version the lists were read at, when a subtree is involved (see above). */
  version?: string;
}

/**
 * The agent ids of a list: the admin's subtree when they are agent staff, and the agent filter (with
 * the agents below it when `subAgents`). `fresh` reads the subtrees instead of using remembered ones
 * (for callers that do not check the version, such as the exports).
 */
export async function agentIdLists(
  db: Db,
  p: ScopeSubject,
  filter: { agentId: number; subAgents: boolean } | undefined,
  opts: { fresh?: boolean } = {},
): Promise<AgentIdLists> {
  const staff = isAgentStaff(p);
  const root = scopeRootAgentId(p);
  const roots = [...(staff && root != null ? [root] : []), ...(filter?.subAgents ? [filter.agentId] : [])];
  const t = roots.length ? await subtrees(db, roots, opts) : null;
  const lists = [...(t?.lists ?? [])];
  const scope = !staff ? null : root == null ? [] : lists.shift()!;
  const agents = !filter ? null : filter.subAgents ? lists.shift()! : [filter.agentId];
  return { scope, agents, ...(t ? { version: t.version } : {}) };
}

/**
 * Whether a list statement built from `ids` is run as a named statement (db/named.ts): when each of its
 * agent id lists is absent or a single agent. Longer lists are not: their number of parameters grows
 * with the agents (a text per size), and a generic plan cannot tell a small subtree from a big one. A
 * single agent is one parameter, the same text for every agent, and the lists' per-agent indexes
 * (`(agent_id, reg_time, id)`, `(owner_agent_id, created_at, id)`, …) serve a small agent and a big one
 * with the same plan; it was planned on every call before (U3 of bench/user-list: planning 0.8 ms,
 * running 0.3 ms).
 */
export const namedFor = (ids: AgentIdLists): boolean => oneAtMost(ids.scope) && oneAtMost(ids.agents);
const oneAtMost = (list: number[] | null): boolean => list == null || list.length === 1;

/** The agents a list may show: the scope, the agent filter, or both at once; null when neither narrows it. */
export const visibleAgents = (ids: AgentIdLists): number[] | null =>
  ids.scope && ids.agents ? ids.scope.filter((a) => ids.agents!.includes(a)) : (ids.scope ?? ids.agents);

/**
 * The rows of a list statement built by `build` from the agent ids `load` gives (selecting
 * `treeVersionColumn`): run with remembered subtrees and, when the statement saw another tree version,
 * once more with fresh ones. Named as `named` says (`namedFor` unless the statement's plan does not
 * depend on the agent ids).
 */
export async function listRows<R>(
  db: Db,
  load: (opts: { fresh: boolean }) => Promise<AgentIdLists>,
  build: (ids: AgentIdLists) => SQL,
  named: (ids: AgentIdLists) => boolean = namedFor,
): Promise<R[]> {
  let r: (R & { tree_v?: string })[] = [];
  for (const fresh of [false, true]) {
    const ids = await load({ fresh });
    const query = build(ids);
    r = rows(await executeList(db, query, named(ids)));
    if (ids.version === undefined || r[0]?.tree_v === ids.version) break;
  }
  return r;
}
