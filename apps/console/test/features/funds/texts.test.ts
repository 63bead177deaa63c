import { describe, expect, it } from 'vitest';
import i18n, { changeLang } from '../../../src/app/i18n';

/** The layering screen's spec texts (spec §5, §8), word for word, and their English. */
describe('layering screen texts', () => {
  const keys = {
    'channels.layering.layeringNameRequired': ['请输入分层名称', 'Enter the tier name'],
    'channels.layering.selectChannelsRequired': ['请选择渠道', 'Select the channels'],
    'channels.layering.loadFailed': ['获取数据失败', 'Failed to load the data'],
    'channels.layering.channelsFailed': ['获取渠道列表失败', 'Failed to load the channel list'],
    'channels.layering.deleted': ['删除成功', 'Deleted successfully'],
    'channels.layering.added': ['添加成功', 'Added successfully'],
    'channels.layering.updated': ['更新成功', 'Updated successfully'],
    'channels.layering.deleteConfirm': ['确定要删除该分层吗？', 'Delete this tier?'],
    'channels.layering.deleteChannelConfirm': ['确定要删除该渠道吗？', 'Delete this channel?'],
    'channels.layering.deleteAllConfirm': ['确定要删除该分层下的所有渠道吗？', 'Delete all channels of this tier?'],
    'channels.menu.layeringlist': ['分层列表', 'Layering tiers'],
    'funds.menu.capital': ['资金管理', 'Funds'],
    'funds.menu.rechargelist': ['充值列表', 'Deposits'],
    'funds.menu.withdrawallist': ['提现列表', 'Withdrawals'],
    'channels.menu.channallist': ['渠道列表', 'Payment channels'],
    'funds.menu.allsetting': ['系统设置', 'Settings'],
    'funds.menu.paysetting': ['支付渠道设置', 'Pay settings'],
  } as const;

  it('zh-CN and en-US', async () => {
    for (const [lang, i] of [
      ['zh-CN', 0],
      ['en-US', 1],
    ] as const) {
      await changeLang(lang);
      for (const [k, v] of Object.entries(keys)) expect(i18n.t(k), `${lang} ${k}`).toBe(v[i]);
    }
    await changeLang('zh-CN');
  });
});
