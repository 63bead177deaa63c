// One server instance in a process of its own, on an existing (migrated) PostgreSQL schema: what the crash test
// kills with SIGKILL. Usage: tsx test/races/serve.ts <schema> <port>; prints "listening" when it serves.
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/client.js';
import { TEST_ENV } from '../helpers.js';

const [schema, port] = process.argv.slice(2) as [string, string];
const config = loadConfig({
  ...TEST_ENV,
  JOBS_ENABLED: 'false',
  BUS_CHANNEL: `races:${schema}`,
  DATABASE_URL: process.env.DATABASE_URL!,
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
});
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, schemaName: schema, poolSize: 20 });
const app = await buildApp({ config, database });
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('listening');
