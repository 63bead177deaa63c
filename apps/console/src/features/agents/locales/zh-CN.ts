/** 代理列表 (zh-CN). The English file has the same keys. */
export default {
  agents: {
    title: '代理列表',
    level: '{{n}}级',
    col: {
      name: '代理名称',
      realName: '真实姓名',
      phone: '手机号',
      inviteCode: '邀请码',
      parent: '上级代理',
      feeRate: '手续费分成',
      deferralRate: '递延费分成',
      profitRate: '盈利分成',
      balance: '代理余额',
      userCount: '直属用户',
      childCount: '下级代理',
      locked: '锁定',
      createdAt: '创建时间',
    },
    filter: { namePlaceholder: '名称或真实姓名', normal: '正常' },
    action: {
      add: '添加代理',
      addSub: '添加下级',
      deleteConfirm: '确定要删除代理「{{name}}」吗？',
      deleteHint: '代理下还有用户、下级代理或余额时不能删除。',
    },
    form: {
      addTitle: '添加代理',
      editTitle: '编辑代理 - {{name}}',
      nameRequired: '请输入代理名称',
      passwordKeep: '留空则不修改',
      parentHint: '不选则为顶级代理',
      rateInvalid: '请输入 0 到 100 之间的百分比',
    },
    adjust: {
      title: '调整代理余额',
      subject: '代理：{{name}}',
      done: '调整成功，代理余额 {{balance}}',
    },
  },
};
