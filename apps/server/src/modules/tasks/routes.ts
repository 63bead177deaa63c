import type { FastifyInstance } from 'fastify';
import { tasksApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import * as tasks from './service.js';

export function tasksRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, tasksApi.list, ({ input, lang }) => tasks.listTasks(ctx, lang, input));
  route(app, ctx, tasksApi.runs, ({ input, lang }) => tasks.listRuns(ctx, lang, input));
  route(app, ctx, tasksApi.update, ({ admin, input, lang, audit }) => tasks.updateTask(ctx, admin, lang, input, audit));
  route(app, ctx, tasksApi.run, ({ admin, input, lang, audit }) => tasks.runNow(ctx, admin, lang, input.key, audit));
}
