import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'reason.corp_stock_not_found': { 'zh-CN': '股票不存在', 'en-US': 'No such stock' },
  'reason.corp_no_terms': { 'zh-CN': '请至少填写派息、送股、转增或拆股中的一项', 'en-US': 'give a dividend, bonus, transfer or split' },
  'reason.corp_split_one': { 'zh-CN': '拆股比例为 1 即不拆股，请留空', 'en-US': 'a split ratio of 1 changes nothing: leave it empty' },
  'reason.corp_dates_order': { 'zh-CN': '须晚于股权登记日', 'en-US': 'must come after the record date' },
  'reason.corp_pay_before_record': { 'zh-CN': '不能早于股权登记日', 'en-US': 'cannot be before the record date' },
  'corpaction.code_not_found': { 'zh-CN': '股票代码 {code} 不存在', 'en-US': 'No stock has the code {code}' },
  'corpaction.ex_not_trading': {
    'zh-CN': '{day} 不是交易日，除权除息日须为交易日',
    'en-US': '{day} is not a trading day: the ex-date must be one',
  },
  'corpaction.duplicate': {
    'zh-CN': '{code} 在 {day} 已有除权除息安排（#{id} {plan}），请先取消它',
    'en-US': '{code} already has an action on {day} (#{id} {plan}): cancel it first',
  },
  'corpaction.not_found': { 'zh-CN': '公司行动不存在', 'en-US': 'No such corporate action' },
  'corpaction.not_scheduled': {
    'zh-CN': '该公司行动已{status}，不能再取消',
    'en-US': 'This action was already {status}: it cannot be cancelled',
  },
  'corpaction.status.applied': { 'zh-CN': '执行', 'en-US': 'applied' },
  'corpaction.status.cancelled': { 'zh-CN': '取消', 'en-US': 'cancelled' },
  'corpaction.quote_went_ex': {
    'zh-CN': '{code} 的行情已按该行动除权，只能执行，不能取消',
    'en-US': "{code}'s quote has already gone ex-rights by this action: it can be applied, not cancelled",
  },
  'corpaction.platform_only': {
    'zh-CN': '公司行动由平台管理员录入和执行',
    'en-US': 'Corporate actions are entered and applied by platform staff',
  },
  'corpaction.run_future': {
    'zh-CN': '{day} 尚未开市，除权除息在当日开盘前执行',
    'en-US': '{day} has not opened yet: actions are applied before that day opens',
  },
  'corpaction.run_nothing': { 'zh-CN': '{day} 没有待执行的公司行动', 'en-US': 'No action waits to be applied on {day}' },
  'corpaction.not_ex_yet': {
    'zh-CN': '{code} 的行情尚未除权，请几秒后再执行',
    'en-US': "{code}'s quote has not gone ex-rights yet: run it again in a few seconds",
  },
  'corpaction.too_few_shares': {
    'zh-CN': '{code} 的持仓 {position} 经此行动后不足 1 股，请核对比例',
    'en-US': 'Position {position} of {code} would hold less than one share: check the ratio',
  },
  'corpaction.import_format': {
    'zh-CN': '只能导入 CSV 或 XLSX 文件',
    'en-US': 'Only a CSV or XLSX file can be imported',
  },
  'corpaction.import_empty': { 'zh-CN': '文件没有数据行', 'en-US': 'The file has no rows' },
  'corpaction.import_too_many': { 'zh-CN': '一次最多导入 {max} 行', 'en-US': 'At most {max} rows can be imported at once' },
  'corpaction.import_header': {
    'zh-CN': '缺少列：{columns}（需要 代码、登记日、除权除息日、派息、送股、转增）',
    'en-US': 'Missing columns: {columns} (needed: code, record date, ex date, cash, bonus, transfer — or the exchange’s Chinese headers)',
  },
  'corpaction.import_unreadable': { 'zh-CN': '文件无法读取：{reason}', 'en-US': 'The file cannot be read: {reason}' },
  'corpaction.batch_row': { 'zh-CN': '第 {line} 行：{message}', 'en-US': 'Row {line}: {message}' },
  'corpaction.repeated_in_file': {
    'zh-CN': '与第 {line} 行是同一股票同一除权除息日',
    'en-US': 'Same stock and ex-date as row {line}',
  },
  'corpaction.invalid_day': { 'zh-CN': '日期格式应为 YYYY-MM-DD', 'en-US': 'A date is written YYYY-MM-DD' },
  'corpaction.invalid_number': { 'zh-CN': '须为正数，最多 {places} 位小数', 'en-US': 'A positive number with at most {places} decimals' },
  'corpaction.added': { 'zh-CN': '已录入公司行动', 'en-US': 'Corporate action entered' },
  'corpaction.batch_added': { 'zh-CN': '已导入 {count} 条公司行动', 'en-US': 'Imported {count} corporate actions' },
  'corpaction.cancelled': { 'zh-CN': '已取消公司行动', 'en-US': 'Corporate action cancelled' },
  'corpaction.ran': {
    'zh-CN': '已执行 {actions} 项公司行动，调整 {positions} 笔持仓',
    'en-US': 'Applied {actions} actions to {positions} positions',
  },
  'approval.corporate.add': {
    'zh-CN': '录入公司行动：{code} {plan}，除权除息日 {day}',
    'en-US': 'Enter a corporate action: {code} {plan}, ex-date {day}',
  },
  'approval.corporate.batch': {
    'zh-CN': '导入公司行动 {count} 条（{file}）',
    'en-US': 'Import {count} corporate actions ({file})',
  },
  'approval.corporate.cancel': {
    'zh-CN': '取消公司行动 #{id} {code} {plan}：{reason}',
    'en-US': 'Cancel corporate action #{id} {code} {plan}: {reason}',
  },
  'approval.corporate.run': { 'zh-CN': '立即执行 {day} 的公司行动', 'en-US': "Apply {day}'s corporate actions now" },
  'job.corp_actions.late': {
    'zh-CN': '{count} 项公司行动在除权除息日之后录入，需管理员“立即执行”',
    'en-US': '{count} actions were entered after their ex-date: an operator applies them with "run now"',
  },
});
