import pg from 'pg';

/**
 * Several PostgreSQL servers in DATABASE_URL, as libpq takes them (`postgres://u@h1:5432,h2:5432/db
 * ?target_session_attrs=read-write`): node-postgres reads one host, so the pool asks each in turn which one accepts
 * writes and opens its connections there (issue 61, failover: after the standby is promoted, the instances find it by
 * themselves — no DNS or VIP change needed, though either works the same with one host). Nothing here replicates or
 * elects: PostgreSQL's promotion decides which server is the primary; this only finds it.
 */
export interface HostList {
  hosts: { host: string; port: number }[];
  /** The address without its hosts (one placeholder host) and without target_session_attrs. */
  url: string;
}

/** The hosts of a libpq-style address, or null for an address with one host and no target_session_attrs. */
export function parseHosts(address: string): HostList | null {
  const m = /^(postgres(?:ql)?:\/\/)([^@/]*@)?([^/?]*)(.*)$/.exec(address);
  if (!m) return null;
  const [, scheme, auth = '', hostPart = '', rest = ''] = m;
  const url = new URL(`${scheme}${auth}placeholder${rest}`);
  const attrs = url.searchParams.get('target_session_attrs');
  const parts = hostPart.split(',').filter(Boolean);
  if (parts.length <= 1 && !attrs) return null;
  url.searchParams.delete('target_session_attrs');
  const hosts = parts.map((p) => {
    const ipv6 = /^\[([^\]]+)\](?::(\d+))?$/.exec(p);
    if (ipv6) return { host: ipv6[1]!, port: Number(ipv6[2] ?? 5432) };
    const [host, port] = p.split(':');
    return { host: host!, port: Number(port ?? 5432) };
  });
  return { hosts, url: url.toString() };
}

/**
 * Which of the hosts takes writes now. `pick()` asks them in order (the first that answers and is not in recovery);
 * `suspect()` after a connection failure asks again, once at a time. Until an answer comes the last known host stays.
 */
export class HostPicker {
  private current = 0;
  private asking: Promise<void> | undefined;

  constructor(
    private readonly list: HostList,
    private readonly base: pg.ClientConfig,
    private readonly onChange?: (host: { host: string; port: number }) => void,
  ) {}

  get host() {
    return this.list.hosts[this.current]!;
  }

  pick(): Promise<void> {
    this.asking ??= this.ask().finally(() => (this.asking = undefined));
    return this.asking;
  }

  suspect(): void {
    void this.pick();
  }

  private async ask(): Promise<void> {
    for (const [i, h] of this.list.hosts.entries()) {
      const c = new pg.Client({
        ...this.base,
        host: h.host,
        port: h.port,
        connectionTimeoutMillis: this.base.connectionTimeoutMillis ?? 3000,
      });
      c.on('error', () => undefined);
      try {
        await c.connect();
        const r = await c.query<{ recovering: boolean; ro: string }>(
          `SELECT pg_is_in_recovery() AS recovering, current_setting('default_transaction_read_only') AS ro`,
        );
        if (!r.rows[0]!.recovering && r.rows[0]!.ro === 'off') {
          if (i !== this.current) {
            this.current = i;
            this.onChange?.(h);
          }
          return;
        }
      } catch {
        // not answering: the next one
      } finally {
        await c.end().catch(() => undefined);
      }
    }
  }
}

/** A client class that opens on the host the picker holds now (the address's own host is a placeholder). */
export function pickedClient(picker: HostPicker): typeof pg.Client {
  return class PickedClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      const { host, port } = picker.host;
      const self = this as unknown as { host: string; port: number; connectionParameters: { host: string; port: number } };
      self.host = self.connectionParameters.host = host;
      self.port = self.connectionParameters.port = port;
    }
  };
}
