import { useRef, useState } from 'react';
import { Button, Popconfirm, Switch, Tag, Typography } from 'antd';
import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import type { ListLayout } from '../../../shared/list/layout';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ARTICLE_TYPES, type ArticleItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { tableDefaults } from '../../../lib/proTable';
import { contentCalls } from '../api';
import { ArticleDrawer } from '../components/ArticleDrawer';
import { tableRequest } from '../../../shared/tableRequest';

/** 公告 / 新闻: every column (a short list): on a phone, a card per article (issue 39). */
const ARTICLES_LAYOUT: ListLayout = {
  id: 'articles',
  must: ['title', 'type', 'state', 'publishAt', 'views', 'shown'],
  card: { head: ['title', 'state'], fields: ['type', 'publishAt', 'views', 'shown'] },
};

/** 公告设置 (/allsetting/noticesetting): announcements with type, publication (scheduled or live), pin, views. */
export default function Announcements() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<ArticleItem | null | 'new'>(null);
  const reload = () => void actionRef.current?.reload();

  const columns: ProColumns<ArticleItem>[] = [
    { title: t('content.article.keyword'), dataIndex: 'keyword', hideInTable: true },
    {
      title: t('content.article.title'),
      dataIndex: 'title',
      search: false,
      ellipsis: true,
      render: (_, r) => (
        <span data-testid={`article-${r.id}`}>
          {r.pinned && <PushpinFilled style={{ color: '#fa541c', marginInlineEnd: 6 }} />}
          {r.title}
        </span>
      ),
    },
    {
      title: t('content.article.type'),
      dataIndex: 'type',
      width: 120,
      valueType: 'select',
      valueEnum: Object.fromEntries(ARTICLE_TYPES.map((x) => [x, { text: t(`content.article.types.${x}`) }])),
      render: (_, r) => <Tag>{t(`content.article.types.${r.type}`)}</Tag>,
    },
    {
      title: t('content.article.state'),
      key: 'state',
      search: false,
      width: 130,
      render: (_, r) =>
        r.published ? (
          <Tag color="green">{t('content.article.published')}</Tag>
        ) : r.shown ? (
          <Tag color="blue">{t('content.article.scheduled')}</Tag>
        ) : (
          <Tag>{t('content.article.hidden')}</Tag>
        ),
    },
    {
      title: t('content.article.publishAt'),
      dataIndex: 'publishAt',
      search: false,
      width: 170,
      render: (_, r) => dayjs(r.publishAt).format('YYYY-MM-DD HH:mm'),
    },
    { title: t('content.article.views'), dataIndex: 'views', search: false, width: 90, align: 'right' },
    {
      title: t('content.shown'),
      dataIndex: 'shown',
      search: false,
      width: 80,
      render: (_, r) => (
        <Switch
          size="small"
          checked={r.shown}
          disabled={!can('edit')}
          onChange={(v) => void contentCalls.showArticle(r.id, v).then(reload)}
        />
      ),
    },
    {
      title: t('content.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      width: 140,
      render: (_, r) => [
        can('edit') && (
          <a key="edit" onClick={() => setEditing(r)}>
            {t('content.edit')}
          </a>
        ),
        can('delete') && (
          <Popconfirm
            key="del"
            title={t('content.deleteConfirm', { name: r.title })}
            onConfirm={() => contentCalls.removeArticle(r.id).then(reload)}
          >
            <Typography.Link type="danger">{t('content.delete')}</Typography.Link>
          </Popconfirm>
        ),
      ],
    },
  ];

  return (
    <div data-testid="page-announcements">
      <ListTable<ArticleItem>
        {...tableDefaults()}
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        headerTitle={t('content.menu.noticesetting')}
        search={{ labelWidth: 'auto' }}
        layout={ARTICLES_LAYOUT}
        toolBarRender={() => [
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="article-add">
              {t('content.article.add')}
            </Button>
          </Access>,
        ]}
        request={async (params) => {
          return tableRequest(() =>
            contentCalls.articles({
              pageNum: params.current ?? 1,
              pageSize: params.pageSize ?? 10,
              keyword: (params.keyword as string | undefined)?.trim() || undefined,
              type: params.type || undefined,
            }),
          );
        }}
      />
      <ArticleDrawer
        open={editing !== null}
        record={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          reload();
        }}
      />
    </div>
  );
}
