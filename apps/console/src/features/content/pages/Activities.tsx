import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { useAccess } from '../../../lib/access';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { contentCalls } from '../api';
import { shownColumn } from '../components/shownColumn';
import { ActivityDrawer } from '../components/ActivityDrawer';

/** 活动管理: every column (a short list): on a phone, a card per activity (issue 39). */
const ACTIVITIES_LAYOUT: ListLayout = {
  id: 'activities',
  must: ['title', 'state', 'window', 'target', 'shown'],
  card: { head: ['title', 'state'], fields: ['window', 'target', 'shown'] },
};

const STATE_COLOR = { upcoming: 'blue', running: 'green', ended: 'default' } as const;
/** 活动管理 (/allsetting/activesetting, not in the menu): activities with their window, target and state. */
export default function Activities() {
  const { t } = useTranslation();
  const { can } = useAccess();
  return (
    <CrudList
      testId="page-activities"
      title={t('content.menu.activesetting')}
      layout={ACTIVITIES_LAYOUT}
      table={{ search: false }}
      add={{ label: t('content.activity.add') }}
      load={(page) => contentCalls.activities(page)}
      actionsWidth={130}
      remove={{ confirm: (r) => t('content.deleteConfirm', { name: r.title }), run: (r) => contentCalls.removeActivity(r.id) }}
      Editor={ActivityDrawer}
      columns={({ reload }) => [
        { title: t('content.activity.title'), dataIndex: 'title', ellipsis: true },
        {
          title: t('content.activity.state'),
          dataIndex: 'state',
          width: 100,
          render: (_, r) => <Tag color={STATE_COLOR[r.state]}>{t(`content.activity.states.${r.state}`)}</Tag>,
        },
        {
          title: t('content.activity.window'),
          key: 'window',
          width: 300,
          render: (_, r) => `${dayjs(r.startsAt).format('YYYY-MM-DD HH:mm')} ~ ${dayjs(r.endsAt).format('YYYY-MM-DD HH:mm')}`,
        },
        {
          title: t('content.activity.target'),
          key: 'target',
          width: 160,
          render: (_, r) => `${t(`content.activity.targets.${r.target}`)}${r.targetId ? ` #${r.targetId}` : ''}`,
        },
        shownColumn({ canEdit: can('edit'), set: contentCalls.showActivity, then: reload }),
      ]}
    />
  );
}
