// A scratch PostgreSQL cluster of the drills (backup and restore, replica, failover) on this machine: initdb and
// pg_ctl on a free loopback port, in a folder of its own, owned by the `postgres` account (PostgreSQL refuses to run
// as root). Nothing here touches the machine's own cluster.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../e2e/lib/server.mjs';

/** The PostgreSQL server programs (Debian keeps them off PATH). */
export function pgBin(name) {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const p = path.join(base, v, 'bin', name);
    if (fs.existsSync(p)) return p;
  }
  return name;
}

const asRoot = process.getuid?.() === 0;
/** Runs a PostgreSQL program as `postgres` when we are root. */
export function pgRun(name, args, opts = {}) {
  const bin = pgBin(name);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(cmd, argv, { stdio: opts.stdio ?? 'pipe', encoding: 'utf8', timeout: opts.timeout ?? 600_000 });
}
export function pgSpawn(name, args) {
  const bin = pgBin(name);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return spawn(cmd, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A folder the `postgres` account owns. */
export function ownedDir(dir) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  return dir;
}

export class Cluster {
  constructor(dir, port) {
    this.dir = dir;
    this.port = port;
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }

  /** A new cluster: initdb, the given settings in postgresql.auto.conf, local trust (loopback only). */
  static async create(dir, settings = {}) {
    fs.rmSync(dir, { recursive: true, force: true });
    ownedDir(path.dirname(dir));
    ownedDir(dir);
    pgRun('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '--no-instructions', '-E', 'UTF8', '--locale=C.UTF-8']);
    const c = new Cluster(dir, await freePort());
    c.configure({ listen_addresses: "'127.0.0.1'", unix_socket_directories: `'${dir}'`, ...settings });
    fs.appendFileSync(path.join(dir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    return c;
  }

  /** A cluster from a copy of another's files (a base backup): a new port, its socket in its own folder. */
  static async fromFiles(dir, settings = {}) {
    const c = new Cluster(dir, await freePort());
    c.configure({ unix_socket_directories: `'${dir}'`, ...settings });
    return c;
  }

  /** A streaming standby of `primary` (pg_basebackup -R: it follows the primary from the backup on). */
  static async standbyOf(primary, dir, settings = {}) {
    fs.rmSync(dir, { recursive: true, force: true });
    ownedDir(path.dirname(dir));
    primary.baseBackup(dir, ['-R']);
    const c = await Cluster.fromFiles(dir, { hot_standby: 'on', ...settings });
    return c;
  }

  /** A base backup of this cluster into `dir` (`extra`: -R for a standby), its WAL streamed alongside. */
  baseBackup(dir, extra = []) {
    pgRun('pg_basebackup', [
      '-D',
      dir,
      ...extra,
      '-X',
      'stream',
      '-c',
      'fast',
      '-h',
      '127.0.0.1',
      '-p',
      String(this.port),
      '-U',
      'postgres',
    ]);
  }

  configure(settings) {
    const lines = Object.entries({ port: this.port, ...settings }).map(([k, v]) => `${k} = ${v}`);
    fs.appendFileSync(path.join(this.dir, 'postgresql.auto.conf'), `${lines.join('\n')}\n`);
  }

  start() {
    const log = path.join(this.dir, 'server.log');
    try {
      pgRun('pg_ctl', ['-D', this.dir, '-l', log, '-w', '-t', '300', 'start']);
    } catch (cause) {
      const tail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(-15).join('\n') : '';
      throw new Error(`PostgreSQL in ${this.dir} did not start:\n${tail}`, { cause });
    }
  }

  /** `immediate`: as a crash (no checkpoint), what a lost server leaves behind. */
  stop(mode = 'fast') {
    try {
      pgRun('pg_ctl', ['-D', this.dir, '-m', mode, '-w', 'stop']);
    } catch {
      /* already stopped */
    }
  }

  promote() {
    pgRun('pg_ctl', ['-D', this.dir, '-w', 'promote']);
  }

  async query(sql, params = [], db = 'postgres') {
    const c = new pg.Client({ connectionString: this.url.replace(/\/postgres$/, `/${db}`) });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows;
    } finally {
      await c.end();
    }
  }

  destroy() {
    this.stop('immediate');
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
