import { useState } from 'react';
import { Button, Form, Image, Input, Modal, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { DragSortTable, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BannerItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { contentCalls } from '../api';
import { shownColumn } from '../components/shownColumn';
import { ImageField } from '../components/ImageField';
import { READABLE } from '../../../shared/theme/contrast';

type Values = Pick<BannerItem, 'title' | 'image' | 'pc' | 'mobile' | 'shown'> & { targetUrl?: string };

// Not on CrudList: the banners are one ordered list dragged into place (DragSortTable over all of them, the server taking the
// whole order), not server pages.
/**
 * 轮播图设置 (/allsetting/bannersetting): the banners in their order — dragged by the handle, saved at once (the
 * server takes the whole order) — with image, title, target, devices and shown.
 */
export default function Banners() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const q = useQuery({ queryKey: ['content', 'banners'], queryFn: () => contentCalls.banners({ pageNum: 1, pageSize: 200 }) });
  const [editing, setEditing] = useState<BannerItem | null | 'new'>(null);
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const rows = q.data?.list ?? [];

  const open = (r: BannerItem | 'new') => {
    setEditing(r);
    form.resetFields();
    form.setFieldsValue(r === 'new' ? { pc: true, mobile: true, shown: true } : { ...r, targetUrl: r.targetUrl ?? undefined });
  };
  const save = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (editing && editing !== 'new') await contentCalls.updateBanner({ id: editing.id, ...v, targetUrl: v.targetUrl || undefined });
      else await contentCalls.addBanner({ ...v, targetUrl: v.targetUrl || undefined });
      feedback.message.success(t('content.saved'));
      setEditing(null);
      void q.refetch();
    } catch (e) {
      showFieldError(form, e, ['title', 'image', 'targetUrl']);
    } finally {
      setBusy(false);
    }
  };

  const columns: ProColumns<BannerItem>[] = [
    { title: t('content.banner.order'), dataIndex: 'sort', width: 80, className: 'drag-visible' },
    {
      title: t('content.banner.image'),
      dataIndex: 'imageUrl',
      width: 180,
      render: (_, r) => <Image src={r.imageUrl} alt={r.title} width={144} height={60} style={{ objectFit: 'cover', borderRadius: 4 }} />,
    },
    { title: t('content.banner.title'), dataIndex: 'title', render: (_, r) => <span data-testid={`banner-${r.id}`}>{r.title}</span> },
    { title: t('content.banner.target'), dataIndex: 'targetUrl', ellipsis: true, render: (_, r) => r.targetUrl ?? '-' },
    {
      title: t('content.banner.devices'),
      key: 'devices',
      width: 140,
      render: (_, r) => (
        <Space size={4}>
          {r.pc && <Tag>PC</Tag>}
          {r.mobile && <Tag>{t('content.banner.mobile')}</Tag>}
        </Space>
      ),
    },
    shownColumn({ canEdit: can('edit'), set: contentCalls.showBanner, then: () => q.refetch() }),
    {
      title: t('content.actions'),
      key: 'actions',
      width: 130,
      render: (_, r) => (
        <Space>
          {can('edit') && <a onClick={() => open(r)}>{t('content.edit')}</a>}
          {can('delete') && (
            <Popconfirm
              title={t('content.deleteConfirm', { name: r.title })}
              onConfirm={() => contentCalls.removeBanner(r.id).then(() => q.refetch())}
            >
              <Typography.Link type="danger">{t('content.delete')}</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="page-banners">
      <DragSortTable<BannerItem>
        {...{ pagination: false }}
        rowKey="id"
        search={false}
        headerTitle={t('content.menu.bannersetting')}
        columns={columns}
        dataSource={rows}
        loading={q.isFetching}
        dragSortKey="sort"
        // wider than a phone: the table scrolls in its own box (the page would otherwise widen, cutting off the
        // actions and the dialogs)
        scroll={{ x: 'max-content' }}
        // ProTable's own handle repeats the handle's role and tab stop on its icon (a button in a button): the icon alone,
        // named for a screen reader
        dragSortHandlerRender={(r: BannerItem) => (
          <HolderOutlined style={{ cursor: 'grab', color: READABLE.secondary }} aria-label={t('content.banner.drag', { title: r.title })} />
        )}
        options={{ reload: () => void q.refetch(), density: false, setting: false }}
        onDragSortEnd={async (_b, _a, next: BannerItem[]) => {
          if (!can('edit')) return;
          await contentCalls.sortBanners(next.map((r) => r.id));
          feedback.message.success(t('content.banner.sorted'));
          void q.refetch();
        }}
        toolBarRender={() => [
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="banner-add">
              {t('content.banner.add')}
            </Button>
          </Access>,
        ]}
      />
      <Modal
        open={editing !== null}
        title={t(editing === 'new' ? 'content.banner.add' : 'content.banner.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={busy}
        destroyOnHidden
        width={560}
      >
        <Form form={form} layout="vertical" data-testid="banner-form">
          <Form.Item name="title" label={t('content.banner.title')} rules={[{ required: true, max: 60 }]}>
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="image" label={t('content.banner.image')} rules={[{ required: true }]}>
            <ImageField testId="banner-image" />
          </Form.Item>
          <Form.Item name="targetUrl" label={t('content.banner.target')} tooltip={t('content.banner.targetTip')}>
            <Input maxLength={500} placeholder="https://… / /app/…" />
          </Form.Item>
          <Space size={24}>
            <Form.Item name="pc" label="PC" valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="mobile" label={t('content.banner.mobile')} valuePropName="checked">
              <Switch />
            </Form.Item>
            <Form.Item name="shown" label={t('content.shown')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </div>
  );
}
