export default {
  workplace: {
    greeting: {
      morning: '早上好',
      forenoon: '上午好',
      noon: '中午好',
      afternoon: '下午好',
      evening: '晚上好',
    },
    welcome: '{{greeting}}，{{name}}，欢迎回来',
    role: '角色：{{role}}',
    dateFormat: 'YYYY年M月D日 dddd',
    quickLinks: '快捷入口',
    quickFilter: '搜索功能',
    noLinks: '暂无可用的功能模块',
    reload: '刷新',
    recentLogins: '我的最近登录',
    col: { time: '时间', ip: 'IP', result: '结果', userAgent: '浏览器' },
    loginResult: {
      ok: '成功',
      bad_password: '密码错误',
      bad_code: '验证码错误',
      need_code: '需要验证码',
      locked: '账户已锁定',
      throttled: '尝试过多',
    },
  },
};
