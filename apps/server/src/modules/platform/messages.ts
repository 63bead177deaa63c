import { registerMessages } from '../../app/i18n.js';

registerMessages({
  app_login_bad_credentials: { 'zh-CN': '手机号或密码错误', 'en-US': 'Incorrect phone number or password' },
  app_login_locked: { 'zh-CN': '账户已被锁定，请联系客服', 'en-US': 'This account is locked; contact support' },
  app_login_throttled: {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': {
      one: 'Too many failed sign-in attempts; try again in 1 minute',
      other: 'Too many failed sign-in attempts; try again in {minutes} minutes',
    },
    count: 'minutes',
  },
  app_invite_invalid: { 'zh-CN': '邀请码无效', 'en-US': 'The invite code is not valid' },
  app_old_password_wrong: { 'zh-CN': '原密码错误', 'en-US': 'The current password is wrong' },
  app_registered: { 'zh-CN': '注册成功', 'en-US': 'Registered' },
  app_logged_out: { 'zh-CN': '已退出登录', 'en-US': 'Signed out' },
  app_real_submitted: { 'zh-CN': '实名信息已提交，请等待审核', 'en-US': 'Your real-name details were submitted for review' },
});
