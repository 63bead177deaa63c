import type { FastifyInstance } from 'fastify';
import { dashboardApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { registerMessages } from '../../app/i18n.js';
import { route } from '../../http/route.js';
import { analysis } from './analysis.js';
import { workplace } from './workplace.js';

registerMessages({
  'reason.range_too_long': {
    'zh-CN': '时间范围过长（按日最多 92 天，按小时最多 7 天）',
    'en-US': 'covers too long a range (92 days at most by day, 7 by hour)',
  },
});

/** The dashboard (spec §2 /dashboard): the workplace's figures and the analysis page's. */
export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, dashboardApi.workplace, ({ admin }) => workplace(ctx, admin));
  route(app, ctx, dashboardApi.analysis, ({ admin, input }) => analysis(ctx.db, admin, input));
}
