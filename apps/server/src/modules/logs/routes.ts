import { verifyChain } from '../../http/chain.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { logsApi } from '@stock-admin/contracts';
import { loginLog } from '../session/tables.js';
import { operationLog } from '../../http/tables.js';
import { smsLog } from './tables.js';
import type { AppContext, Principal } from '../../app/context.js';
import { guardedRoute, route } from '../../http/route.js';
import { logsGuards } from './approval-guards.js';
import { sendCsv, stamp } from '../../http/csv.js';
import { batches, listLoginLog, listOperationLog, listPushLog, listSmsLog, loginLogCond, operationLogCond, smsLogCond } from './service.js';
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

  /** A log's rows of the filters as a CSV download (`name-20260101.csv`), written to the operation log. */
  const exportLog =
    <I>(name: string, table: Parameters<typeof batches>[1], cond: (input: I) => Parameters<typeof batches>[2], cols: string[]) =>
    async ({ input, admin, reply }: { input: I; admin: Principal; reply: FastifyReply }) => {
      const audit = { db: ctx.db, admin, module: 'logs', filters: input };
      await sendCsv(reply, { filename: `${name}-${stamp()}.csv`, header: cols, audit }, rowsOf(batches(ctx.db, table, cond(input)), cols));
      return null;
    };
  route(
    app,
    ctx,
    logsApi.loginExport,
    exportLog('login-log', loginLog, loginLogCond, ['id', 'createdAt', 'username', 'adminId', 'ip', 'userAgent', 'result']),
  );
  route(
    app,
    ctx,
    logsApi.operationExport,
    exportLog('operation-log', operationLog, operationLogCond, [
      'id',
      'createdAt',
      'adminName',
      'adminId',
      'module',
      'action',
      'targetId',
      'result',
      'msg',
      'ip',
      'summary',
    ]),
  );
  route(
    app,
    ctx,
    logsApi.smsExport,
    exportLog('sms-log', smsLog, smsLogCond, ['id', 'createdAt', 'phone', 'kind', 'content', 'provider', 'result', 'error', 'ip']),
  );

  route(app, ctx, logsApi.chainVerify, () => verifyChain(ctx.db));
  guardedRoute(app, ctx, logsGuards.deleteLogs);
}
