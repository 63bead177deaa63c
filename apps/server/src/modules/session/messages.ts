import { registerMessages } from '../../app/i18n.js';

registerMessages({
  login_bad_credentials: { 'zh-CN': '账户或密码错误', 'en-US': 'Incorrect account or password' },
  account_locked: { 'zh-CN': '账户已被锁定，请联系超级管理员', 'en-US': 'This account is locked; contact the super administrator' },
  login_throttled: {
    'zh-CN': '登录失败次数过多，请 {minutes} 分钟后再试',
    'en-US': 'Too many failed sign-in attempts; try again in {minutes} min',
  },
  login_account_guarded: {
    'zh-CN': '该账号近期登录失败过多，请从常用地址登录，或请管理员解除锁定',
    'en-US': 'Too many failed sign-ins on this account: sign in from your usual address, or ask an administrator to unlock it',
  },
  login_unlocked: { 'zh-CN': '已解除登录限制', 'en-US': 'Sign-in unlocked' },
  google_code_required: { 'zh-CN': '请输入谷歌验证码', 'en-US': 'Enter the authenticator code' },
  google_code_invalid: { 'zh-CN': '谷歌验证码错误或已使用', 'en-US': 'The authenticator code is wrong or was already used' },
  logout_ok: { 'zh-CN': '已退出登录', 'en-US': 'Signed out' },
});
