import { DatePicker, Form, Input, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ARTICLE_TYPES, SITE_IMAGE_PATH, type ArticleItem } from '@stock-admin/contracts';
import { contentCalls } from '../api';
import { ImageField } from './ImageField';
import { LazyEditor } from '../../../components/LazyEditor';
import { FormDrawer } from '../../../shared/components/FormDrawer';

interface Values {
  title: string;
  type: ArticleItem['type'];
  cover?: string;
  source?: string;
  summary?: string;
  body: string;
  shown: boolean;
  pinned: boolean;
  publishAt?: Dayjs;
}
const FIELDS = ['title', 'type', 'cover', 'source', 'summary', 'body', 'publishAt'];

/** Add / edit an announcement: the body in the rich-text editor (the server sanitises it), publication time, pin. */
export function ArticleDrawer({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  record: ArticleItem | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormDrawer<Values>
      open={open}
      record={record}
      form={form}
      width={820}
      title={t(record ? 'content.article.edit' : 'content.article.add')}
      initial={() =>
        record
          ? {
              ...record,
              cover: record.cover ?? undefined,
              source: record.source ?? undefined,
              summary: record.summary ?? undefined,
              publishAt: dayjs(record.publishAt),
            }
          : { type: 'notice', shown: true, pinned: false, body: '' }
      }
      save={async (v) => {
        const body = { ...v, publishAt: v.publishAt ? v.publishAt.toISOString() : undefined };
        if (record) await contentCalls.updateArticle({ id: record.id, ...body });
        else await contentCalls.addArticle(body);
        return t('content.saved');
      }}
      fields={FIELDS}
      onClose={onClose}
      onSaved={onSaved}
      saveTestId="article-save"
      formTestId="article-form"
    >
      <Form.Item name="title" label={t('content.article.title')} rules={[{ required: true, max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item name="type" label={t('content.article.type')} style={{ flex: 1 }}>
          <Select options={ARTICLE_TYPES.map((x) => ({ value: x, label: t(`content.article.types.${x}`) }))} />
        </Form.Item>
        <Form.Item name="source" label={t('content.article.source')} style={{ flex: 1 }}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="publishAt" label={t('content.article.publishAt')} tooltip={t('content.article.publishAtTip')} style={{ flex: 1 }}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="cover" label={t('content.article.cover')}>
        <ImageField testId="article-cover" />
      </Form.Item>
      <Form.Item name="summary" label={t('content.article.summary')}>
        <Input.TextArea rows={2} maxLength={300} showCount />
      </Form.Item>
      <Form.Item name="body" label={t('content.article.body')} rules={[{ required: true }]}>
        <LazyEditor
          label={t('content.article.body')}
          minHeight={260}
          uploadImage={async (file) => `${SITE_IMAGE_PATH}${(await contentCalls.imageUpload(file)).key}`}
          data-testid="article-body"
        />
      </Form.Item>
      <Space size={24}>
        <Form.Item name="shown" label={t('content.shown')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="pinned" label={t('content.article.pinned')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
    </FormDrawer>
  );
}
