import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'stock.added': { 'zh-CN': '股票已添加', 'en-US': 'Stock added' },
  'stock.updated': { 'zh-CN': '股票已更新', 'en-US': 'Stock updated' },
  'stock.deleted': { 'zh-CN': '股票已删除', 'en-US': 'Stock deleted' },
  'stock.locked': { 'zh-CN': '已锁定交易', 'en-US': 'Trading locked' },
  'stock.unlocked': { 'zh-CN': '已解锁交易', 'en-US': 'Trading unlocked' },
  'stock.shown': { 'zh-CN': '已上架显示', 'en-US': 'Now shown' },
  'stock.hidden': { 'zh-CN': '已隐藏', 'en-US': 'Now hidden' },
  'stock.not_found': { 'zh-CN': '股票不存在', 'en-US': 'No such stock' },
  'stock.exists': { 'zh-CN': '股票 {gid} 已存在', 'en-US': 'Stock {gid} already exists' },
  'stock.in_use': {
    'zh-CN': '该股票仍有 {count} 笔{reason}，不能删除',
    'en-US': 'This stock still has {count} {reason} and cannot be deleted',
  },
  'stock.imported': {
    'zh-CN': '导入完成：新增 {added}，更新 {updated}',
    'en-US': 'Imported: {added} added, {updated} updated',
  },
  'stock.import_refused': {
    'zh-CN': '导入未执行：{failed} 行有误，请按结果修正后重新导入',
    'en-US': {
      one: 'Nothing imported: 1 row has errors; fix it as reported and import again',
      other: 'Nothing imported: {failed} rows have errors; fix them as reported and import again',
    },
    count: 'failed',
  },
  'stock.import_bad_file': { 'zh-CN': '文件不是有效的 CSV：{detail}', 'en-US': 'The file is not a valid CSV: {detail}' },
  'stock.import_no_header': {
    'zh-CN': '文件第一行须为表头 code,name,market（可加 spreadRate,shown）',
    'en-US': 'The first line must be the header code,name,market (optionally spreadRate,shown)',
  },
  'stock.import_too_many': { 'zh-CN': '一次最多导入 {max} 行', 'en-US': 'At most {max} rows per import' },
  'stock.import_empty': { 'zh-CN': '文件中没有数据行', 'en-US': 'The file has no data rows' },
  'index.added': { 'zh-CN': '指数已添加', 'en-US': 'Index added' },
  'index.updated': { 'zh-CN': '指数已更新', 'en-US': 'Index updated' },
  'index.not_found': { 'zh-CN': '指数不存在', 'en-US': 'No such index' },
  'index.exists': { 'zh-CN': '指数 {gid} 已存在', 'en-US': 'Index {gid} already exists' },
  'reason.invalid_stock_code': { 'zh-CN': '须为 6 位数字的 A 股代码', 'en-US': 'must be a 6-digit A-share code' },
  'reason.code_market_mismatch': { 'zh-CN': '与所选市场不符', 'en-US': 'does not belong to the chosen market' },
  'reason.invalid_price': { 'zh-CN': '须为不小于 0 的数（最多 4 位小数）', 'en-US': 'must be a number of at least 0 (at most 4 decimals)' },
  'reason.lots_order': { 'zh-CN': '不能小于最小手数', 'en-US': 'must not be below the minimum lots' },
  'reason.duplicate_in_file': { 'zh-CN': '与第 {row} 行重复', 'en-US': 'repeats line {row}' },
  'reason.required': { 'zh-CN': '不能为空', 'en-US': 'is required' },
  'reason.invalid_market': { 'zh-CN': '须为 sh、sz 或 bj', 'en-US': 'must be sh, sz or bj' },
  'reason.invalid_bool': { 'zh-CN': '须为 true/false 或 1/0', 'en-US': 'must be true/false or 1/0' },
  'csv.stock.code': { 'zh-CN': '代码', 'en-US': 'Code' },
  'csv.stock.name': { 'zh-CN': '名称', 'en-US': 'Name' },
  'csv.stock.market': { 'zh-CN': '市场', 'en-US': 'Market' },
  'csv.stock.board': { 'zh-CN': '板块', 'en-US': 'Board' },
  'csv.stock.pinyin': { 'zh-CN': '拼音首字母', 'en-US': 'Pinyin' },
  'csv.stock.spreadRate': { 'zh-CN': '点差费率', 'en-US': 'Spread rate' },
  'csv.stock.shown': { 'zh-CN': '显示', 'en-US': 'Shown' },
  'csv.stock.locked': { 'zh-CN': '锁定', 'en-US': 'Locked' },
  'csv.stock.last': { 'zh-CN': '最新价', 'en-US': 'Last' },
  'csv.stock.changePct': { 'zh-CN': '涨跌幅%', 'en-US': 'Change %' },
});

registerMessages({
  'products.agent_readonly': { 'zh-CN': '代理账号只能查看产品，不能修改', 'en-US': 'Agent staff may view products but not change them' },
});
