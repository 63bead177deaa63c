import type { FastifyInstance } from 'fastify';
import { FUND_TYPE_INFO, TRANSFER_FUND_TYPES, fundRecordsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { registerMessages, t } from '../../app/i18n.js';
import { route } from '../../http/route.js';
import { sendCsv, stamp } from '../../http/csv.js';
import * as svc from './service.js';

registerMessages({
  'csv.fund.id': { 'zh-CN': '记录ID', 'en-US': 'Record ID' },
  'csv.fund.userId': { 'zh-CN': '用户ID', 'en-US': 'User ID' },
  'csv.fund.phone': { 'zh-CN': '手机号', 'en-US': 'Phone' },
  'csv.fund.realName': { 'zh-CN': '真实姓名', 'en-US': 'Real name' },
  'csv.fund.agent': { 'zh-CN': '代理', 'en-US': 'Agent' },
  'csv.fund.type': { 'zh-CN': '类型', 'en-US': 'Type' },
  'csv.fund.amount': { 'zh-CN': '金额', 'en-US': 'Amount' },
  'csv.fund.userAmtAfter': { 'zh-CN': '变动后总资金', 'en-US': 'Equity after' },
  'csv.fund.enableAmtAfter': { 'zh-CN': '变动后可用资金', 'en-US': 'Free cash after' },
  'csv.fund.frozenAmtAfter': { 'zh-CN': '变动后冻结资金', 'en-US': 'Held after' },
  'csv.fund.reference': { 'zh-CN': '关联单号', 'en-US': 'Reference' },
  'csv.fund.adminId': { 'zh-CN': '操作管理员', 'en-US': 'Admin' },
  'csv.fund.note': { 'zh-CN': '备注', 'en-US': 'Note' },
  'csv.fund.createdAt': { 'zh-CN': '时间', 'en-US': 'Time' },
});

export function fundRecordsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, fundRecordsApi.list, ({ input, admin }) => svc.listFundRecords(ctx.db, admin, input));
  route(app, ctx, fundRecordsApi.transferList, ({ input, admin }) => svc.listTransferRecords(ctx.db, admin, input));
  route(app, ctx, fundRecordsApi.export, async ({ input, admin, lang, reply }) => {
    const cols = [
      'id',
      'userId',
      'phone',
      'realName',
      'agent',
      'type',
      'amount',
      'userAmtAfter',
      'enableAmtAfter',
      'frozenAmtAfter',
      'reference',
      'adminId',
      'note',
      'createdAt',
    ];
    const typeLabel = (ty: keyof typeof FUND_TYPE_INFO) => (lang === 'en-US' ? FUND_TYPE_INFO[ty].en : FUND_TYPE_INFO[ty].zh);
    const batches = (async function* () {
      for await (const page of svc.iterateFundRecords(ctx.db, admin, input)) {
        yield page.map((r) => [
          r.id,
          r.userId,
          r.userPhone,
          r.userRealName,
          r.agentName,
          typeLabel(r.type),
          r.amount,
          r.userAmtAfter,
          r.enableAmtAfter,
          r.frozenAmtAfter,
          r.reference,
          r.adminId,
          r.note,
          r.createdAt,
        ]);
      }
    })();
    await sendCsv(
      reply,
      {
        // the 资金互转记录 page exports with the transfer types only: its file says so
        filename: `${input.type?.length && input.type.every((ty) => TRANSFER_FUND_TYPES.includes(ty)) ? 'fund-transfers' : 'fund-records'}-${stamp()}.csv`,
        header: cols.map((c) => t(lang, `csv.fund.${c}`)),
        audit: { db: ctx.db, admin, module: 'funds', filters: input },
      },
      batches,
    );
    return null;
  });
}
