import { registerMessages } from '../app/i18n.js';

registerMessages({
  socket_invalid_message: {
    'zh-CN': '消息格式错误：应为 JSON 对象 {cmd, type, msgType, data}',
    'en-US': 'Malformed message: expected a JSON object {cmd, type, msgType, data}',
  },
  socket_kickout: {
    'zh-CN': '您的账号已在其他地方登录，当前会话已失效',
    'en-US': 'Your account signed in elsewhere; this session has ended',
  },
  socket_port_only: {
    'zh-CN': '此端口仅提供 /manager/ws/{adminId} 实时通道',
    'en-US': 'This port only serves the live socket /manager/ws/{adminId}',
  },
  socket_offline: { 'zh-CN': '您已被管理员强制下线', 'en-US': 'An administrator has signed you out' },
});
