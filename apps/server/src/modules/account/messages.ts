import { registerMessages } from '../../app/i18n.js';

registerMessages({
  password_wrong: { 'zh-CN': '当前密码不正确', 'en-US': 'The current password is wrong' },
  password_same: { 'zh-CN': '新密码不能与当前密码相同', 'en-US': 'The new password must differ from the current one' },
  password_changed: { 'zh-CN': '密码已修改，其他设备上的登录已退出', 'en-US': 'Password changed; your other sessions were signed out' },
  password_attempts: {
    'zh-CN': '当前密码错误次数过多，请 {minutes} 分钟后再试',
    'en-US': {
      one: 'Too many wrong current passwords; try again in 1 minute',
      other: 'Too many wrong current passwords; try again in {minutes} minutes',
    },
    count: 'minutes',
  },
  avatar_bad_type: { 'zh-CN': '头像须为 PNG、JPEG、GIF 或 WebP 图片', 'en-US': 'The avatar must be a PNG, JPEG, GIF or WebP image' },
  avatar_too_large: { 'zh-CN': '头像不能超过 {kb} KB', 'en-US': 'The avatar must not exceed {kb} KB' },
  google_already_enabled: { 'zh-CN': '谷歌验证器已开启', 'en-US': 'The authenticator is already on' },
  ios_push_key_required: { 'zh-CN': '请上传 APNs 密钥文件（.p8）', 'en-US': 'Upload the APNs key file (.p8)' },
  ios_push_key_invalid: {
    'zh-CN': 'APNs 密钥无效：须为 .p8 格式的 EC（P-256）私钥',
    'en-US': 'Invalid APNs key: it must be a .p8 EC (P-256) private key',
  },
  ios_push_not_configured: { 'zh-CN': '请先保存 iOS 推送设置', 'en-US': 'Save the iOS push settings first' },
  push_test_sent: { 'zh-CN': '测试推送已发送', 'en-US': 'Test push sent' },
  push_test_failed: { 'zh-CN': '测试推送发送失败：{error}', 'en-US': 'The test push failed: {error}' },
  'reason.invalid_apns_id': { 'zh-CN': '须为 10 位大写字母或数字', 'en-US': 'must be 10 upper-case letters or digits' },
  'reason.invalid_bundle_id': { 'zh-CN': '格式不正确（如 com.example.app）', 'en-US': 'is not valid (e.g. com.example.app)' },
  'reason.invalid_device_token': { 'zh-CN': '须为十六进制设备令牌', 'en-US': 'must be a hexadecimal device token' },
  'reason.invalid_file': { 'zh-CN': '须为上传的文件', 'en-US': 'must be an uploaded file' },
});
