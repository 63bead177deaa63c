export default {
  realtime: {
    invalidMessage: '消息格式错误！',
    unsupported: '你的设备不支持webSocket!',
    kickoutTitle: '提示',
    kickout: '登录失效，请重新登录！',
    rechargeFailureTitle: '充值被拒绝',
    rechargeFailureDesc: '用户 {{user}} 的充值 {{amount}} 已被拒绝',
    forceClosedTitle: '触发强制平仓',
    forceClosedDesc: '用户 {{user}} 的持仓已在强平线平仓（盈亏 {{amount}}）',
    createOrderTitle: '新的充值订单',
    createOrderDesc: '用户 {{user}} 创建了充值订单，金额 {{amount}}',
    announceOne: '{{title}}：{{desc}}',
    announceMany_other: '{{count}} 条新通知：{{list}}',
    announceSep: '、',
    view: '查看记录',
  },
};
