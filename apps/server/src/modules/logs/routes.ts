import type { FastifyInstance } from 'fastify';
import { logsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../http/context.js';
import { route } from '../../http/route.js';
import { listLoginLog, listOperationLog } from './service.js';

export function logsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, logsApi.loginList, ({ input }) => listLoginLog(ctx.db, input));
  route(app, ctx, logsApi.operationList, ({ input }) => listOperationLog(ctx.db, input));
}
