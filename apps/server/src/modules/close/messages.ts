import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'close.not_finished': {
    'zh-CN': '{day} 尚未结束，只能日结已结束的日期',
    'en-US': '{day} has not ended yet: only a finished day can be closed',
  },
  'close.future': { 'zh-CN': '{day} 尚未到来', 'en-US': '{day} has not come yet' },
  'close.before_books': {
    'zh-CN': '{day} 早于首个日结日，没有单独的日结单',
    'en-US': '{day} is before the first closed day: it has no statement of its own',
  },
  'close.platform_only': {
    'zh-CN': '日结单只对平台管理员开放，代理请查看代理对账单',
    'en-US': "The platform's daily close is for platform staff: agents see their agent statements",
  },
  // an agent statement's period
  'reason.period_order': { 'zh-CN': '结束日期不能早于开始日期', 'en-US': 'must not be before the start day' },
  'reason.period_future': { 'zh-CN': '不能晚于今天', 'en-US': 'must not be after today' },
  'reason.period_too_long': { 'zh-CN': '时间范围最多 366 天', 'en-US': 'covers too long a period (366 days at most)' },
  'close.busy': {
    'zh-CN': '仍有记账未完成，日结未执行，请稍后重试',
    'en-US': 'Postings are still in progress: the day was not closed; try again shortly',
  },
  'close.closed': { 'zh-CN': '日结完成', 'en-US': 'Day closed' },
  // the file's line and the column that cannot be read, in the operator's words
  'recon.bad_time': {
    'zh-CN': '对账单第 {row} 行：交易时间无法识别，整个文件未导入',
    'en-US': 'Line {row} of the statement: the time cannot be read; nothing was imported',
  },
  'recon.bad_reference': {
    'zh-CN': '对账单第 {row} 行：缺少流水号，整个文件未导入',
    'en-US': 'Line {row} of the statement: the reference is missing; nothing was imported',
  },
  'recon.bad_amount': {
    'zh-CN': '对账单第 {row} 行：金额无效，整个文件未导入',
    'en-US': 'Line {row} of the statement: the amount is not valid; nothing was imported',
  },
  'recon.bad_direction': {
    'zh-CN': '对账单第 {row} 行：收支方向无法识别（收/付、in/out），整个文件未导入',
    'en-US': 'Line {row} of the statement: the direction is not in/out; nothing was imported',
  },
  'recon.bad_csv': {
    'zh-CN': '对账单第 {row} 行不是有效的 CSV，整个文件未导入',
    'en-US': 'Line {row} of the statement is not valid CSV; nothing was imported',
  },
  'recon.bad_day': {
    'zh-CN': '对账单第 {row} 行：交易时间不在 {day} 内（日切前后可差 {minutes} 分钟），整个文件未导入',
    'en-US':
      "Line {row} of the statement: the time is not on {day} (give or take {minutes} minutes for the bank's cut-off); nothing was imported",
  },
  'recon.too_many_lines': { 'zh-CN': '对账单超过 {max} 行', 'en-US': 'The statement has more than {max} lines' },
  'recon.empty': { 'zh-CN': '对账单没有任何交易行', 'en-US': 'The statement holds no transaction line' },
  'recon.channel_not_found': { 'zh-CN': '支付通道不存在', 'en-US': 'No such payment channel' },
  'recon.future': { 'zh-CN': '{day} 尚未到来，不能对账', 'en-US': '{day} has not come yet: it cannot be reconciled' },
  'recon.already_reconciled': {
    'zh-CN': '{day} 该通道已对平，不能替换对账单',
    'en-US': 'This channel is already reconciled for {day}: its statement cannot be replaced',
  },
  'recon.not_found': { 'zh-CN': '{day} 该通道还没有上传对账单', 'en-US': 'No statement was uploaded for this channel on {day}' },
  'recon.item_not_found': { 'zh-CN': '对账差异不存在', 'en-US': 'No such reconciliation item' },
  'recon.item_matched': { 'zh-CN': '已匹配的记录无需处理', 'en-US': 'A matched pair needs no resolution' },
  'recon.item_resolved': { 'zh-CN': '该差异已处理', 'en-US': 'This exception is already resolved' },
  'recon.uploaded': { 'zh-CN': '对账单已导入并完成匹配', 'en-US': 'Statement imported and matched' },
  'recon.resolved': { 'zh-CN': '差异已处理', 'en-US': 'Exception resolved' },
  'recon.not_reconciled': {
    'zh-CN': '{day} 该通道尚未对平，无需重开：直接上传更正后的对账单即可',
    'en-US': 'This channel is not reconciled for {day}: nothing to reopen, upload the corrected statement',
  },
  'recon.reopened': { 'zh-CN': '对账已重开，可上传更正后的对账单', 'en-US': 'Reconciliation reopened: upload the corrected statement' },
  'approval.op.recon.reopen': { 'zh-CN': '重开已对平的对账', 'en-US': 'Reopening a reconciled day' },
  'approval.recon.reopen': {
    'zh-CN': '重开 {channel} {day} 的对账：{reason}',
    'en-US': 'Reopen the reconciliation of {channel} on {day}: {reason}',
  },
  // the export's columns and values
  'recon.csv.kind': { 'zh-CN': '类型', 'en-US': 'Kind' },
  'recon.csv.direction': { 'zh-CN': '收支', 'en-US': 'Direction' },
  'recon.csv.line': { 'zh-CN': '对账单行号', 'en-US': 'Statement line' },
  'recon.csv.time': { 'zh-CN': '对账单时间', 'en-US': 'Statement time' },
  'recon.csv.reference': { 'zh-CN': '流水号', 'en-US': 'Reference' },
  'recon.csv.amount': { 'zh-CN': '对账单金额', 'en-US': 'Statement amount' },
  'recon.csv.duplicateOf': { 'zh-CN': '重复于行', 'en-US': 'Duplicate of line' },
  'recon.csv.orderNo': { 'zh-CN': '平台订单号', 'en-US': 'Platform order' },
  'recon.csv.platformAmount': { 'zh-CN': '平台金额', 'en-US': 'Platform amount' },
  'recon.csv.platformTime': { 'zh-CN': '平台时间', 'en-US': 'Platform time' },
  'recon.csv.userId': { 'zh-CN': '用户ID', 'en-US': 'User ID' },
  'recon.csv.resolvedBy': { 'zh-CN': '处理人', 'en-US': 'Resolved by' },
  'recon.csv.resolvedAt': { 'zh-CN': '处理时间', 'en-US': 'Resolved at' },
  'recon.csv.note': { 'zh-CN': '处理说明', 'en-US': 'Note' },
  'recon.kind.matched': { 'zh-CN': '已匹配', 'en-US': 'Matched' },
  'recon.kind.statement_only': { 'zh-CN': '仅对账单有', 'en-US': 'Statement only' },
  'recon.kind.platform_only': { 'zh-CN': '仅平台有', 'en-US': 'Platform only' },
  'recon.kind.amount_diff': { 'zh-CN': '金额不符', 'en-US': 'Amount differs' },
  'recon.kind.duplicate': { 'zh-CN': '重复行', 'en-US': 'Duplicate line' },
  'recon.kind.reversal': { 'zh-CN': '冲正/退回', 'en-US': 'Reversal' },
  'recon.direction.in': { 'zh-CN': '收', 'en-US': 'In' },
  'recon.direction.out': { 'zh-CN': '付', 'en-US': 'Out' },
});
