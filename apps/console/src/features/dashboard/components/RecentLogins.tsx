import { Button, Card, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { LoginLogItem } from '@stock-admin/contracts';
import { useServerPage } from '../../../lib/proTable';
import { myLogins } from '../api';

/** The admin's own recent sign-ins (server paging; table page kept while the tab is alive). */
export default function RecentLogins({ username }: { username: string }) {
  const { t } = useTranslation();
  const { page, pagination } = useServerPage();
  const q = useQuery({
    queryKey: ['workplace', 'myLogins', username, page],
    queryFn: () => myLogins(username, page),
    placeholderData: (prev) => prev,
  });
  const columns: TableColumnsType<LoginLogItem> = [
    { title: t('workplace.col.time'), dataIndex: 'createdAt', width: 180, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
    { title: t('workplace.col.ip'), dataIndex: 'ip', width: 140 },
    {
      title: t('workplace.col.result'),
      dataIndex: 'result',
      width: 130,
      render: (v: string) => <Tag color={v === 'ok' ? 'green' : 'red'}>{t(`workplace.loginResult.${v}`, { defaultValue: v })}</Tag>,
    },
    { title: t('workplace.col.userAgent'), dataIndex: 'userAgent', ellipsis: true },
  ];
  return (
    <Card
      className="workplace-card"
      title={t('workplace.recentLogins')}
      extra={
        <Tooltip title={t('workplace.reload')}>
          <Button
            type="text"
            size="small"
            icon={<ReloadOutlined />}
            onClick={() => void q.refetch()}
            aria-label={t('workplace.reload')}
            data-testid="recent-logins-reload"
          />
        </Tooltip>
      }
    >
      <div data-testid="recent-logins">
        <Table<LoginLogItem>
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          columns={columns}
          dataSource={q.data?.list ?? []}
          scroll={{ x: 640 }}
          pagination={pagination(q.data?.total ?? 0)}
        />
      </div>
    </Card>
  );
}
