import '../messages.css';
import { useState } from 'react';
import { Drawer, Radio, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StationMessageItem } from '@stock-admin/contracts';
import { useServerPage } from '../../../lib/proTable';
import { stationCalls } from '../api';
import { fmtTime } from '../../../shared/format';

interface Recipient {
  userId: number;
  phone: string;
  nickName: string;
  readAt: string | null;
}

/** Recipients of one message with their read state. */
export function RecipientsDrawer({ message, onClose }: { message: StationMessageItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { page, setPage, pagination } = useServerPage();
  const [read, setRead] = useState<boolean | undefined>();
  const q = useQuery({
    queryKey: ['logs', 'stationRecipients', message.id, page, read],
    queryFn: () => stationCalls.recipients({ id: message.id, ...page, read }),
    placeholderData: (prev) => prev,
  });
  const columns: TableColumnsType<Recipient> = [
    { title: 'ID', dataIndex: 'userId', width: 80 },
    { title: t('messages.station.phone'), dataIndex: 'phone', width: 140 },
    { title: t('messages.station.nickName'), dataIndex: 'nickName' },
    {
      title: t('messages.station.readState'),
      dataIndex: 'readAt',
      width: 200,
      render: (v: string | null) =>
        v ? <Tag color="green">{t('messages.station.readAt', { time: fmtTime(v) })}</Tag> : <Tag>{t('messages.station.unread')}</Tag>,
    },
  ];
  return (
    <Drawer open width={680} title={t('messages.station.recipientsTitle', { title: message.title })} onClose={onClose} destroyOnHidden>
      <Typography.Paragraph className="station-content">{message.content}</Typography.Paragraph>
      <Radio.Group
        value={read === undefined ? 'all' : String(read)}
        onChange={(e) => {
          setRead(e.target.value === 'all' ? undefined : e.target.value === 'true');
          setPage((p) => ({ ...p, pageNum: 1 }));
        }}
        style={{ marginBottom: 12 }}
        optionType="button"
        options={[
          { value: 'all', label: t('messages.station.all') },
          { value: 'true', label: t('messages.station.read') },
          { value: 'false', label: t('messages.station.unread') },
        ]}
      />
      <Table<Recipient>
        rowKey="userId"
        size="small"
        loading={q.isFetching && !q.data}
        columns={columns}
        dataSource={q.data?.list ?? []}
        pagination={pagination(q.data?.total ?? 0)}
      />
    </Drawer>
  );
}
