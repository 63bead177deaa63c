export default {
  login: {
    subtitle: '股票与新股交易平台运营管理',
    username: '用户名',
    password: '密码',
    googleCode: '谷歌验证码',
    usernameRequired: '请输入用户名',
    passwordRequired: '请输入密码',
    googleCodeRequired: '请输入 6 位谷歌验证码',
    googleCodeHint: '该账户已开启两步验证，请输入身份验证器中的 6 位验证码',
    submit: '登录',
    registerLink: '注册账户',
  },
};
