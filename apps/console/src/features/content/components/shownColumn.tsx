import { Switch } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import i18n from '../../../lib/i18n';

/**
 * 显示: the switch that shows or hides a piece of content on the platform (announcements, banners, activities), for
 * those who may edit; `set` is the content's show call, `then` what to refresh after it.
 */
export function shownColumn<T extends { id: number; shown: boolean }>(opts: {
  canEdit: boolean;
  set: (id: number, shown: boolean) => Promise<unknown>;
  then: () => unknown;
}): ProColumns<T> {
  return {
    title: i18n.t('content.shown'),
    dataIndex: 'shown',
    search: false,
    width: 80,
    render: (_, r) => (
      <Switch
        size="small"
        checked={r.shown}
        disabled={!opts.canEdit}
        aria-label={`${i18n.t('content.shown')} #${r.id}`}
        onChange={(v) => void opts.set(r.id, v).then(opts.then)}
      />
    ),
  };
}
