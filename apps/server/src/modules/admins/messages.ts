import { registerMessages } from '../../app/i18n.js';

registerMessages({
  admin_not_found: { 'zh-CN': '管理员不存在', 'en-US': 'No such admin account' },
  admin_login_taken: { 'zh-CN': '该登录账号已存在', 'en-US': 'This login is already taken' },
  admin_login_reserved: { 'zh-CN': '该登录账号为保留账号，不能使用', 'en-US': 'This login is reserved' },
  admin_super_protected: {
    'zh-CN': '只有超级管理员本人可以修改超级管理员账号',
    'en-US': 'Only the super-user may change the super-user account',
  },
  admin_super_login_fixed: { 'zh-CN': '超级管理员的登录账号不能修改', 'en-US': "The super-user's login cannot be changed" },
  admin_cannot_lock_self: { 'zh-CN': '不能锁定自己的账号', 'en-US': 'You cannot lock your own account' },
  admin_cannot_delete_self: { 'zh-CN': '不能删除自己的账号', 'en-US': 'You cannot delete your own account' },
  admin_cannot_delete_super: { 'zh-CN': '不能删除超级管理员', 'en-US': 'The super-user cannot be deleted' },
  admin_cannot_change_own_role: { 'zh-CN': '不能修改自己的角色', 'en-US': 'You cannot change your own role' },
  admin_has_records: {
    'zh-CN': '该管理员已有业务记录，不能删除，请改为锁定',
    'en-US': 'This admin has records and cannot be deleted; lock the account instead',
  },
  admin_agent_required: { 'zh-CN': '代理角色必须绑定代理', 'en-US': 'An agent role needs a bound agent' },
  admin_outside_scope: { 'zh-CN': '无权操作其他代理的管理员', 'en-US': "You cannot manage another agent's staff" },
  admin_is_pending: {
    'zh-CN': '该账号是待激活的注册申请，请使用“激活”',
    'en-US': 'This account is a registration request awaiting activation; use Activate',
  },
  admin_not_pending: { 'zh-CN': '该账号不是待激活的注册申请', 'en-US': 'This account is not a registration request' },
  registration_expired: {
    'zh-CN': '该注册申请已超过 24 小时有效期，已失效',
    'en-US': 'This registration request is more than 24 hours old and has expired',
  },
  registration_pending: {
    'zh-CN': '该手机号已有待激活的注册申请（24 小时内有效）',
    'en-US': 'This phone already has a registration request awaiting activation (valid for 24 hours)',
  },
  register_ok: {
    'zh-CN': '注册申请已提交，请等待超级管理员激活。激活有效期为 24 小时，逾期未激活申请将失效',
    'en-US': 'Registration submitted. The super-user must activate it within 24 hours; after that the request expires',
  },
  activate_ok: { 'zh-CN': '账号已激活', 'en-US': 'Account activated' },
  role_not_found: { 'zh-CN': '角色不存在', 'en-US': 'No such role' },
  role_exceeds_own: {
    'zh-CN': '不能授予超出自己权限的角色或权限（{permission} 的 {action}）',
    'en-US': 'You cannot grant more than you hold yourself ({action} on {permission})',
  },
  google_not_enrolled: {
    'zh-CN': '请先获取谷歌验证器密钥并用验证器 App 扫码绑定',
    'en-US': 'Issue an authenticator secret and scan it with the authenticator app first',
  },
  google_code_needed: { 'zh-CN': '请输入谷歌验证码', 'en-US': 'Enter the authenticator code' },
  google_code_wrong: { 'zh-CN': '谷歌验证码错误或已使用', 'en-US': 'The authenticator code is wrong or was already used' },
  google_not_enabled: { 'zh-CN': '谷歌验证器未开启', 'en-US': 'The authenticator is not on' },
  admin_use_account_settings: {
    'zh-CN': '自己的密码和谷歌验证器请在个人中心的安全设置中修改',
    'en-US': 'Change your own password and authenticator in account settings (security)',
  },
  offline_ok: {
    'zh-CN': '已强制下线 {count} 个会话',
    'en-US': { one: 'Ended 1 session', other: 'Ended {count} sessions' },
    count: 'count',
  },
  sms_code_sent: { 'zh-CN': '验证码已发送', 'en-US': 'Verification code sent' },
  sms_too_frequent: { 'zh-CN': '发送过于频繁，请 {seconds} 秒后再试', 'en-US': 'Too many requests; try again in {seconds} seconds' },
  sms_send_failed: { 'zh-CN': '短信发送失败，请稍后重试', 'en-US': 'The SMS could not be sent; try again later' },
  sms_code_invalid: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or has expired' },
  'reason.invalid_admin_login': {
    'zh-CN': '格式不正确（3-32 位字母、数字或 _ . @ -）',
    'en-US': 'is not valid (3-32 letters, digits or _ . @ -)',
  },
  'reason.invalid_email_address': { 'zh-CN': '邮箱格式不正确', 'en-US': 'is not a valid e-mail address' },
  'reason.password_mismatch': { 'zh-CN': '两次输入的密码不一致', 'en-US': 'does not match the password' },
});

/** SMS texts (sent in the recipient's language when known, else Chinese). */
export const SMS_TEXTS = {
  register_code: {
    'zh-CN': '【股票管理后台】您的注册验证码为 {code}，{minutes} 分钟内有效，请勿泄露给他人。',
    'en-US': '[Stock Admin] Your registration code is {code}, valid for {minutes} minutes. Do not share it.',
  },
  register_submitted: {
    'zh-CN': '【股票管理后台】您的管理员账号申请已提交，需由超级管理员在 24 小时内激活，逾期未激活申请将失效。',
    'en-US': '[Stock Admin] Your admin account request was received. It must be activated within 24 hours or it expires.',
  },
  activated: {
    'zh-CN': '【股票管理后台】您的管理员账号 {login} 已激活，现在可以登录。',
    'en-US': '[Stock Admin] Your admin account {login} is active; you can sign in now.',
  },
} as const;
