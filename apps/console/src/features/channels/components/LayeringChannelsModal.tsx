import { useCallback, useEffect, useState } from 'react';
import { Button, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LayeringChannelItem, LayeringItem } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults } from '../../../lib/proTable';
import { reportLoadFailure } from '../lib/loadFailed';
import { layeringCalls } from '../api';
import { AddChannelsModal } from './AddChannelsModal';

/** A tier's channels (spec §2 channels modal): add channels, delete all, delete one. */
export function LayeringChannelsModal({
  tier,
  onClose,
  onChanged,
}: {
  tier: LayeringItem | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const [list, setList] = useState<LayeringChannelItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [adding, setAdding] = useState(false);
  const [page, setPage] = useState({ current: 1, pageSize: 10 });
  const id = tier?.id;

  const load = useCallback(async () => {
    if (!id) return;
    setLoading(true);
    try {
      setList((await layeringCalls.layeringChannels(id)).list);
    } catch (e) {
      reportLoadFailure(e, t('channels.layering.channelsFailed'));
    } finally {
      setLoading(false);
    }
  }, [id, t]);

  useEffect(() => {
    setList([]);
    setPage({ current: 1, pageSize: 10 });
    void load();
  }, [load]);

  const removeOne = async (linkId: number) => {
    try {
      await layeringCalls.layeringChannelDelete(linkId);
      feedback.message.success(t('channels.layering.deleted'));
      onChanged();
      await load();
    } catch {
      /* shown by the request client */
    }
  };
  const removeAll = async () => {
    if (!id) return;
    try {
      await layeringCalls.layeringChannelsDeleteAll(id);
      feedback.message.success(t('channels.layering.deleted'));
      onChanged();
      await load();
    } catch {
      /* shown by the request client */
    }
  };

  const columns: TableColumnsType<LayeringChannelItem> = [
    { title: t('channels.layering.channelName'), dataIndex: 'name' },
    { title: t('channels.layering.displayName'), dataIndex: 'displayName' },
    {
      title: t('channels.layering.actions'),
      key: 'actions',
      width: 100,
      render: (_, r) => (
        <Access permission="layeringlist" action="edit">
          <Popconfirm
            title={t('channels.layering.deleteChannelConfirm')}
            okText={t('channels.layering.ok')}
            cancelText={t('channels.layering.cancel')}
            onConfirm={() => removeOne(r.channelLayeringPidId)}
          >
            <Button type="link" danger size="small" data-testid={`tier-channel-delete-${r.channelId}`}>
              {t('channels.layering.delete')}
            </Button>
          </Popconfirm>
        </Access>
      ),
    },
  ];

  return (
    <Modal
      open={!!tier}
      title={t('channels.layering.channelsTitle', { name: tier?.layeringName ?? '' })}
      onCancel={onClose}
      footer={null}
      width={720}
      destroyOnHidden
    >
      <div data-testid="tier-channels">
        <Access permission="layeringlist" action="edit">
          <Space style={{ marginBottom: 12 }}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="tier-channels-add">
              {t('channels.layering.addChannel')}
            </Button>
            <Popconfirm
              title={t('channels.layering.deleteAllConfirm')}
              okText={t('channels.layering.ok')}
              cancelText={t('channels.layering.cancel')}
              onConfirm={removeAll}
              disabled={!list.length}
            >
              <Button danger icon={<DeleteOutlined />} disabled={!list.length} data-testid="tier-channels-delete-all">
                {t('channels.layering.deleteAll')}
              </Button>
            </Popconfirm>
          </Space>
        </Access>
        <Table<LayeringChannelItem>
          rowKey="channelLayeringPidId"
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={list}
          pagination={{
            ...tableDefaults().pagination,
            current: page.current,
            pageSize: page.pageSize,
            onChange: (current, pageSize) => setPage({ current, pageSize }),
          }}
        />
      </div>
      {id !== undefined && (
        <AddChannelsModal
          open={adding}
          layeringId={id}
          attached={list.map((c) => c.channelId)}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            onChanged();
            void load();
          }}
        />
      )}
    </Modal>
  );
}
