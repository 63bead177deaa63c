import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'newshare.code_taken': { 'zh-CN': '代码 {code} 已存在', 'en-US': 'Code {code} already exists' },
  'newshare.issue_not_found': { 'zh-CN': '发行不存在', 'en-US': 'No such issue' },
  'newshare.issue_has_subscriptions': {
    'zh-CN': '该发行已有申购记录，不能删除',
    'en-US': 'This issue has subscriptions and cannot be deleted',
  },
  'newshare.issue_closed': { 'zh-CN': '该发行暂停申购', 'en-US': 'This issue is not open for subscription' },
  'newshare.not_in_window': { 'zh-CN': '不在申购时间内', 'en-US': 'Outside the subscription window' },
  'newshare.lot': { 'zh-CN': '申购数量须为 {lot} 的整数倍', 'en-US': 'The quantity must be a multiple of {lot}' },
  'newshare.over_cap': { 'zh-CN': '超过单户申购上限 {cap}', 'en-US': 'Above the per-user cap of {cap}' },
  'newshare.sub_not_found': { 'zh-CN': '申购记录不存在', 'en-US': 'No such subscription' },
  'newshare.allot_above_applied': {
    'zh-CN': '中签数量不能超过申购数量 {applied}',
    'en-US': 'Allotted quantity cannot exceed the applied {applied}',
  },
  'newshare.over_issue': {
    'zh-CN': '超出发行总量：该发行仅剩 {left} 可配售',
    'en-US': 'Beyond the issue size: only {left} left to allot in this issue',
  },
  'newshare.size_below_allotted': {
    'zh-CN': '发行总量不能少于已配售的 {allotted}',
    'en-US': 'The issue size cannot be below the {allotted} already allotted',
  },
  'newshare.already_handled': {
    'zh-CN': '该申购记录当前为「{status}」，不能执行此操作，请刷新',
    'en-US': 'This subscription is now {status}: this step does not apply; refresh and try again',
  },
  'newshare.status.1': { 'zh-CN': '待配售', 'en-US': 'pending allotment' },
  'newshare.status.2': { 'zh-CN': '未中签', 'en-US': 'not allotted' },
  'newshare.status.3': { 'zh-CN': '已中签待缴款', 'en-US': 'allotted, unpaid' },
  'newshare.status.4': { 'zh-CN': '已缴款', 'en-US': 'paid' },
  'newshare.status.5': { 'zh-CN': '已转持仓', 'en-US': 'converted' },
  'newshare.status.6': { 'zh-CN': '已放弃', 'en-US': 'forfeited' },
  'newshare.status.7': { 'zh-CN': '已撤销', 'en-US': 'cancelled' },
  'newshare.state_changed': { 'zh-CN': '记录状态已变化，请刷新', 'en-US': 'The record has changed; refresh and try again' },
  'newshare.pay_deadline_passed': { 'zh-CN': '已过缴款截止日', 'en-US': 'The payment deadline has passed' },
  'newshare.stock_missing': { 'zh-CN': '请先在产品列表中添加 {gid}', 'en-US': 'Add {gid} to the product list first' },
});

registerMessages({
  'newshare.real_name_required': { 'zh-CN': '请先完成实名认证', 'en-US': 'Verify your real name before subscribing' },
  'newshare.applied': { 'zh-CN': '申购已提交', 'en-US': 'Subscription submitted' },
  'newshare.paid': { 'zh-CN': '缴款成功', 'en-US': 'Payment made' },
  'newshare.cancelled': { 'zh-CN': '申购已撤销', 'en-US': 'Subscription cancelled' },
  // what was done, with the quantity in the unit (a new share in 股 / shares, a new bond in 张 / bonds)
  'newshare.allotted.share': { 'zh-CN': '已配售 {quantity} 股', 'en-US': 'Allotted {quantity} shares' },
  'newshare.allotted.bond': { 'zh-CN': '已配售 {quantity} 张', 'en-US': 'Allotted {quantity} bonds' },
  'newshare.not_allotted': { 'zh-CN': '已设为未中签', 'en-US': 'Marked not allotted' },
  'newshare.converted': { 'zh-CN': '已转为持仓', 'en-US': 'Converted to a position' },
});

registerMessages({
  'newshare.deleted': { 'zh-CN': '申购记录已删除', 'en-US': 'Subscription deleted' },
  'newshare.delete_moved': {
    'zh-CN': '该记录已配售或已处理，不能删除',
    'en-US': 'This record has already been allotted or processed and cannot be deleted',
  },
  'newshare.batch_not_for_agents': { 'zh-CN': '代理账号不能批量配售', 'en-US': 'Agent staff cannot run a batch allotment' },
  'newshare.batch_refused': {
    'zh-CN': '{failed} 行有误，未做任何配售，请修正后重新上传',
    'en-US': {
      one: '1 row failed; nothing was allotted. Fix it and upload again',
      other: '{failed} rows failed; nothing was allotted. Fix them and upload again',
    },
    count: 'failed',
  },
  'newshare.batch_allotted': {
    'zh-CN': '配售完成：中签 {allotted} 笔，未中签 {notAllotted} 笔',
    'en-US': 'Allotment done: {allotted} allotted, {notAllotted} not allotted',
  },
  'newshare.batch_converted': {
    'zh-CN': '已转持仓 {converted} 笔，失败 {failed} 笔',
    'en-US': '{converted} converted to positions, {failed} failed',
  },
  'newshare.allot_bad_file': { 'zh-CN': '文件不是有效的 CSV：{detail}', 'en-US': 'The file is not a valid CSV: {detail}' },
  'newshare.allot_no_header': {
    'zh-CN': '首行须包含列名 allotted 以及 orderNo 或 phone',
    'en-US': 'The first line must name the columns allotted and orderNo or phone',
  },
  'newshare.allot_empty': { 'zh-CN': '文件中没有数据行', 'en-US': 'The file has no data lines' },
  'newshare.allot_too_many': { 'zh-CN': '单个文件最多 {max} 行', 'en-US': 'At most {max} lines per file' },
});

// the reasons the issue form's checks name (contracts newshares.ts), shown after the field
registerMessages({
  'reason.dates_out_of_order': {
    'zh-CN': '日期顺序不对（申购日 ≤ 中签公布日 ≤ 缴款截止日 ≤ 上市日）',
    'en-US': 'is out of order (subscription ≤ allotment ≤ payment deadline ≤ listing)',
  },
  'reason.invalid_issue_price': { 'zh-CN': '须为大于 0 的价格（最多 4 位小数）', 'en-US': 'must be a price above 0 (4 decimals at most)' },
  'reason.invalid_pe_ratio': { 'zh-CN': '须为数字（最多 2 位小数）', 'en-US': 'must be a number (2 decimals at most)' },
  'reason.invalid_underlying_code': { 'zh-CN': '须为 6 位正股代码', 'en-US': 'must be the 6-digit code of the underlying stock' },
  'reason.underlying_required': { 'zh-CN': '新债须填写正股代码', 'en-US': 'is required for a bond' },
  'reason.cap_not_lot_multiple': { 'zh-CN': '须为申购单位的整数倍', 'en-US': 'must be a whole number of lots' },
  'reason.cap_above_issue_size': { 'zh-CN': '不能超过发行量', 'en-US': 'cannot exceed the issue size' },
  'reason.bond_face_value': { 'zh-CN': '新债按面值 100 元发行', 'en-US': 'a bond is issued at its face value of 100' },
});
