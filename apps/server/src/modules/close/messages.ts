import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'close.not_finished': {
    'zh-CN': '{day} 尚未结束，只能日结已结束的日期',
    'en-US': '{day} has not ended yet: only a finished day can be closed',
  },
  'close.future': { 'zh-CN': '{day} 尚未到来', 'en-US': '{day} has not come yet' },
  'close.before_books': {
    'zh-CN': '{day} 早于首个日结日，没有单独的日结单',
    'en-US': '{day} is before the first closed day: it has no statement of its own',
  },
  'close.platform_only': {
    'zh-CN': '日结单只对平台管理员开放，代理请查看代理对账单',
    'en-US': "The platform's daily close is for platform staff: agents see their agent statements",
  },
  'close.closed': { 'zh-CN': '日结完成', 'en-US': 'Day closed' },
});
