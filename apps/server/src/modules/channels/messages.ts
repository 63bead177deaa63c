import { registerMessages } from '../../app/i18n.js';

registerMessages({
  // layering screen (spec §8)
  'layering.added': { 'zh-CN': '添加成功', 'en-US': 'Added' },
  'layering.updated': { 'zh-CN': '更新成功', 'en-US': 'Updated' },
  'layering.deleted': { 'zh-CN': '删除成功', 'en-US': 'Deleted' },
  'layering.not_found': { 'zh-CN': '分层不存在', 'en-US': 'No such layering tier' },
  'layering.name_taken': { 'zh-CN': '分层名称已存在', 'en-US': 'A layering tier with this name already exists' },
  'layering.channel_link_not_found': { 'zh-CN': '该分层下没有此渠道', 'en-US': 'This channel is not attached to the tier' },
  'layering.channels_unknown': { 'zh-CN': '渠道不存在：{ids}', 'en-US': 'No such channels: {ids}' },
  'layering.recomputed': {
    'zh-CN': '分层已重新计算：检查 {checked} 人，调整 {moved} 人',
    'en-US': 'Tiers recomputed: {checked} users checked, {moved} moved',
  },
  'layering.user_not_found': { 'zh-CN': '用户不存在', 'en-US': 'No such user' },
  'reason.invalid_layering_name': { 'zh-CN': '不能为空（请输入分层名称）', 'en-US': 'is required (enter the tier name)' },
  'reason.invalid_channel_ids': { 'zh-CN': '不正确（请选择渠道）', 'en-US': 'is missing or invalid (select at least one channel)' },

  // channels
  'channel.added': { 'zh-CN': '添加成功', 'en-US': 'Added' },
  'channel.updated': { 'zh-CN': '更新成功', 'en-US': 'Updated' },
  'channel.deleted': { 'zh-CN': '删除成功', 'en-US': 'Deleted' },
  'channel.not_found': { 'zh-CN': '渠道不存在', 'en-US': 'No such payment channel' },
  'channel.in_use': {
    'zh-CN': '该渠道已有 {count} 笔充值/提现记录，不能删除，请改为停用',
    'en-US': {
      one: 'This channel is referenced by 1 deposit or withdrawal and cannot be deleted; disable it instead',
      other: 'This channel is referenced by {count} deposits or withdrawals and cannot be deleted; disable it instead',
    },
    count: 'count',
  },
  'reason.invalid_amount_negative': { 'zh-CN': '不能为负数', 'en-US': 'must not be negative' },
  'reason.invalid_amount_zero': { 'zh-CN': '必须大于 0', 'en-US': 'must be greater than 0' },
  'reason.invalid_url': { 'zh-CN': '必须是 http(s) 地址', 'en-US': 'must be an http(s) URL' },
  'reason.invalid_image': {
    'zh-CN': '必须是图片地址（http(s) 或已上传文件的路径）',
    'en-US': 'must be an image URL (http(s) or the path of an uploaded file)',
  },
  'reason.invalid_min_max': { 'zh-CN': '不能小于单笔最低金额', 'en-US': 'must not be below the minimum amount' },
  'reason.invalid_for_type': { 'zh-CN': '不能为空（该渠道类型必填）', 'en-US': 'is required for this channel type' },
});
