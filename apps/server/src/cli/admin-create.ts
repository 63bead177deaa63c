/**
 * Creates an admin account on the configured database (PostgreSQL is never seeded silently):
 *   npm run admin:create -- --username ops1 --role admin [--name "Ops One"] [--agent 3]
 * The password comes from ADMIN_PASSWORD or, when that is unset, from a prompt.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { BUILTIN_ROLES } from '@stock-admin/contracts';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createAdmin, ensureBuiltinRoles, roleIdByCode } from '../modules/admins/index.js';

async function askHidden(question: string): Promise<string> {
  let muted = false;
  const out = new Writable({ write: (chunk, _e, cb) => (muted || process.stdout.write(chunk), cb()) });
  const rl = createInterface({ input: process.stdin, output: out, terminal: true });
  process.stdout.write(question);
  muted = true;
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      name: { type: 'string' },
      agent: { type: 'string' },
    },
  });
  if (!values.username) {
    console.error(
      `usage: npm run admin:create -- --username NAME --role ${BUILTIN_ROLES.join('|')} [--name "Display name"] [--agent AGENT_ID]`,
    );
    process.exit(2);
  }
  const password = process.env.ADMIN_PASSWORD ?? (await askHidden(`Password for ${values.username}: `));
  if (password.length < 6) {
    console.error('The password needs at least 6 characters.');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 1 });
  try {
    await migrate(database);
    await ensureBuiltinRoles(database.db);
    if (!(await roleIdByCode(database.db, values.role!))) {
      console.error(`Unknown role "${values.role}". Built-in roles: ${BUILTIN_ROLES.join(', ')}`);
      process.exitCode = 2;
      return;
    }
    const id = await createAdmin(database.db, {
      username: values.username,
      name: values.name ?? values.username,
      password,
      roleCode: values.role,
      agentId: values.agent ? Number(values.agent) : null,
    });
    console.log(`Created admin #${id} "${values.username}" with role ${values.role}.`);
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    if (err.code === '23505' || err.cause?.code === '23505') {
      console.error(`An admin named "${values.username}" already exists.`);
      process.exitCode = 1;
    } else throw e;
  } finally {
    await database.close();
  }
}

void main();
