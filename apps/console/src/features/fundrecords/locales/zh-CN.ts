/** 资金记录 / 资金互转记录 (zh-CN). The English file has the same keys. Fund type names come from the contracts. */
export default {
  ledger: {
    menu: { fundrecords: '资金记录', fundtransferrecord: '资金互转记录' },
    title: '资金记录',
    transferTitle: '资金互转记录',
    col: {
      user: '用户',
      type: '类型',
      owner: '记录对象',
      amount: '变动金额',
      enableAfter: '变动后可用',
      equityAfter: '变动后总资金',
      frozenAfter: '变动后冻结',
      reference: '关联单号',
      note: '备注',
      admin: '操作员',
      time: '时间',
    },
    filter: { userPlaceholder: '用户ID或手机号', referencePlaceholder: '完整单号' },
    owner: { user: '用户', agent: '代理', all: '全部' },
    totals: { title: '筛选结果合计', count: '记录数', in: '收入合计', out: '支出合计', net: '净额' },
  },
};
