import { Tag } from 'antd';
import { PushpinFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { ARTICLE_TYPES, type ArticleItem } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { CrudList } from '../../../shared/list/CrudList';
import type { ListLayout } from '../../../shared/list/layout';
import { contentCalls } from '../api';
import { shownColumn } from '../components/shownColumn';
import { ArticleDrawer } from '../components/ArticleDrawer';

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
  return (
    <CrudList
      testId="page-announcements"
      title={t('content.menu.noticesetting')}
      layout={ARTICLES_LAYOUT}
      add={{ label: t('content.article.add'), testId: 'article-add' }}
      load={(page, params) =>
        contentCalls.articles({
          ...page,
          keyword: (params.keyword as string | undefined)?.trim() || undefined,
          type: (params.type as ArticleItem['type'] | undefined) || undefined,
        })
      }
      remove={{ confirm: (r) => t('content.deleteConfirm', { name: r.title }), run: (r) => contentCalls.removeArticle(r.id) }}
      Editor={ArticleDrawer}
      columns={({ reload }) => [
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
        shownColumn({ canEdit: can('edit'), set: contentCalls.showArticle, then: reload }),
      ]}
    />
  );
}
