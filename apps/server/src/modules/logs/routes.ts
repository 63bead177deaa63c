import type { FastifyInstance } from 'fastify';
import { logsApi } from '@stock-admin/contracts';
import { loginLog, operationLog, smsLog } from '../../db/schema/index.js';
import type { AppContext } from '../../http/context.js';
import { route } from '../../http/route.js';
import { sendCsv, stamp } from '../../http/csv.js';
import {
  batches,
  deleteLogs,
  listLoginLog,
  listOperationLog,
  listPushLog,
  listSmsLog,
  loginLogCond,
  operationLogCond,
  smsLogCond,
} from './service.js';
import './messages.js';

type Row = Record<string, unknown>;
const rowsOf = async function* (gen: AsyncIterable<Row[]>, cols: string[]) {
  for await (const b of gen) yield b.map((r) => cols.map((c) => r[c]));
};

export function logsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, logsApi.loginList, ({ input }) => listLoginLog(ctx.db, input));
  route(app, ctx, logsApi.operationList, ({ input }) => listOperationLog(ctx.db, input));
  route(app, ctx, logsApi.smsList, ({ input }) => listSmsLog(ctx.db, input));
  route(app, ctx, logsApi.pushList, ({ input }) => listPushLog(ctx.db, input));

  route(app, ctx, logsApi.loginExport, async ({ input, admin, reply }) => {
    const cols = ['id', 'createdAt', 'username', 'adminId', 'ip', 'userAgent', 'result'];
    await sendCsv(
      reply,
      {
        filename: `login-log-${stamp()}.csv`,
        header: cols,
        audit: {
          db: ctx.db,
          admin,
          module: 'logs',
          filters: input,
        },
      },
      rowsOf(batches(ctx.db, loginLog, loginLogCond(input)), cols),
    );
    return null;
  });
  route(app, ctx, logsApi.operationExport, async ({ input, admin, reply }) => {
    const cols = ['id', 'createdAt', 'adminName', 'adminId', 'module', 'action', 'targetId', 'result', 'msg', 'ip', 'summary'];
    await sendCsv(
      reply,
      {
        filename: `operation-log-${stamp()}.csv`,
        header: cols,
        audit: {
          db: ctx.db,
          admin,
          module: 'logs',
          filters: input,
        },
      },
      rowsOf(batches(ctx.db, operationLog, operationLogCond(input)), cols),
    );
    return null;
  });
  route(app, ctx, logsApi.smsExport, async ({ input, admin, reply }) => {
    const cols = ['id', 'createdAt', 'phone', 'kind', 'content', 'provider', 'result', 'error', 'ip'];
    await sendCsv(
      reply,
      {
        filename: `sms-log-${stamp()}.csv`,
        header: cols,
        audit: {
          db: ctx.db,
          admin,
          module: 'logs',
          filters: input,
        },
      },
      rowsOf(batches(ctx.db, smsLog, smsLogCond(input)), cols),
    );
    return null;
  });

  route(app, ctx, logsApi.deleteLogs, async ({ input, audit, message }) => {
    const r = await deleteLogs(ctx.db, input);
    audit({ targetId: input.kind, after: r });
    message('logs_deleted', { count: r.deleted });
    return r;
  });
}
