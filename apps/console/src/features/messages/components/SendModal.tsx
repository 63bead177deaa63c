import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Progress, Result, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGE_CHANNELS, type MessageChannel, type MsgTemplate, type SendItem } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { AudienceField, audienceComplete, audienceOf, type AudienceValue } from '../../../shared/components/AudienceField';
import { messageCalls } from '../api';
import { formatCount } from '../../../shared/money';

interface Values {
  channel?: MessageChannel;
  title?: string;
  content?: string;
  audience: AudienceValue;
  scheduleAt?: Dayjs;
}
const POLL_MS = 1000;
const ACTIVE = new Set(['scheduled', 'queued', 'running']);

/** The progress of a send, polled while it runs (the job writes in chunks; the request only queued it). */
export function SendProgress({ send }: { send: SendItem }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['messages', 'send', send.id],
    queryFn: () => messageCalls.send1(send.id),
    initialData: send,
    refetchInterval: (query) =>
      ACTIVE.has(query.state.data?.status ?? 'done') && query.state.data?.status !== 'scheduled' ? POLL_MS : false,
  });
  const s = q.data;
  const percent = s.total ? Math.min(100, Math.floor((s.done / s.total) * 100)) : 100;
  return (
    <div data-testid="send-progress" data-status={s.status}>
      {s.status === 'scheduled' ? (
        <Alert type="info" showIcon message={t('messages.send.scheduledAt', { at: dayjs(s.scheduledAt).format('YYYY-MM-DD HH:mm') })} />
      ) : (
        <>
          <Progress
            percent={percent}
            status={s.status === 'failed' ? 'exception' : s.status === 'done' ? 'success' : 'active'}
            aria-label={t(`messages.sendStatuses.${s.status}`)}
          />
          <Typography.Text type="secondary">
            {t(`messages.sendStatuses.${s.status}`)} ·{' '}
            {t('messages.send.progressText', { done: formatCount(s.done), total: formatCount(s.total) })}
            {s.failed > 0 && ` · ${t('messages.log.failed')} ${s.failed}`}
            {s.noDevice > 0 && ` · ${t('messages.log.noDevice')} ${s.noDevice}`}
          </Typography.Text>
        </>
      )}
    </div>
  );
}

/**
 * Sends a template (or a message composed here, the push page's 撰写推送) to an audience, now or at a time; then shows
 * the job's progress until it ends.
 */
export function SendModal({ open, template, onClose }: { open: boolean; template: MsgTemplate | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [started, setStarted] = useState<SendItem | null>(null);
  const [previewUser, setPreviewUser] = useState<number | null>(null);
  const [preview, setPreview] = useState<{ title: string; content: string } | null>(null);
  const title = Form.useWatch('title', form);
  const content = Form.useWatch('content', form);
  useEffect(() => {
    if (!open) return;
    setStarted(null);
    setPreview(null);
    setPreviewUser(null);
    form.resetFields();
    form.setFieldsValue({ audience: { kind: 'users' }, channel: 'push' });
  }, [open, form]);

  // what a user gets: the template (or the draft) filled with samples or the chosen user's data
  useEffect(() => {
    if (!open || (!template && !content)) return setPreview(null);
    const timer = setTimeout(() => {
      messageCalls
        .preview(
          template
            ? { templateId: template.id, userId: previewUser ?? undefined }
            : { title: title ?? '', content: content ?? '', userId: previewUser ?? undefined },
        )
        .then(setPreview)
        .catch(() => setPreview(null));
    }, 400);
    return () => clearTimeout(timer);
  }, [open, template, title, content, previewUser]);

  /** A send reaches many at once and cannot be called back: the operator confirms it naming how many it reaches. */
  const confirmSize = async (v: Values): Promise<boolean> => {
    const size = await messageCalls.audienceSize({ audience: audienceOf(v.audience) });
    return new Promise((resolve) =>
      feedback.modal.confirm({
        title: t('messages.send.confirmTitle', { count: size.count, n: formatCount(size.count) }),
        content: t(v.scheduleAt ? 'messages.send.confirmScheduled' : 'messages.send.confirmNow', {
          label: size.label,
          at: v.scheduleAt?.format('YYYY-MM-DD HH:mm'),
        }),
        okText: t('messages.send.submit'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'send-confirm' },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (!(await confirmSize(v))) return;
      const r = await messageCalls.send({
        ...(template ? { templateId: template.id } : { channel: v.channel, title: v.title, content: v.content }),
        audience: audienceOf(v.audience),
        scheduleAt: v.scheduleAt ? v.scheduleAt.toISOString() : undefined,
      });
      setStarted(r);
    } catch (e) {
      showFieldError(form, e, ['channel', 'title', 'content', 'audience', 'scheduleAt']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={template ? t('messages.send.title', { name: template.name }) : t('messages.send.composeTitle')}
      onCancel={onClose}
      width={680}
      destroyOnHidden
      footer={
        started ? (
          <Space>
            <Button onClick={() => navigate('/account/pushlist')}>{t('messages.send.viewLog')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('messages.send.close')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="send-submit">
              {t('messages.send.submit')}
            </Button>
          </Space>
        )
      }
    >
      {started ? (
        <Result
          status="success"
          title={t('messages.send.queued')}
          subTitle={started.audienceLabel}
          extra={<SendProgress send={started} />}
        />
      ) : (
        <Form form={form} layout="vertical" data-testid="send-form">
          {!template && (
            <>
              <Form.Item name="channel" label={t('messages.template.channel')}>
                <Select options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`messages.channels.${c}`) }))} />
              </Form.Item>
              <Form.Item name="title" label={t('messages.template.subject')} rules={[{ required: true, max: 100 }]}>
                <Input maxLength={100} data-testid="send-title" />
              </Form.Item>
              <Form.Item name="content" label={t('messages.template.content')} rules={[{ required: true, max: 2000 }]}>
                <Input.TextArea rows={3} maxLength={2000} showCount data-testid="send-content" />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="audience"
            label={t('messages.send.audience')}
            rules={[
              {
                validator: (_, v: AudienceValue) =>
                  audienceComplete(v) ? Promise.resolve() : Promise.reject(new Error(t('messages.send.audience'))),
              },
            ]}
          >
            <AudienceField searchUsers={messageCalls.users} />
          </Form.Item>
          <Form.Item name="scheduleAt" label={t('messages.send.schedule')} extra={t('messages.send.scheduleTip')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
          {preview && (
            <Card
              size="small"
              title={t('messages.send.preview')}
              extra={
                <Space size={4}>
                  <Typography.Text type="secondary">{t('messages.send.previewUser')}</Typography.Text>
                  <InputNumber
                    size="small"
                    min={1}
                    value={previewUser}
                    onChange={(v) => setPreviewUser(v)}
                    placeholder={t('messages.send.previewSample')}
                  />
                </Space>
              }
              data-testid="send-preview"
            >
              <Typography.Text strong>{preview.title}</Typography.Text>
              <div style={{ whiteSpace: 'pre-wrap' }}>{preview.content}</div>
            </Card>
          )}
        </Form>
      )}
    </Modal>
  );
}
