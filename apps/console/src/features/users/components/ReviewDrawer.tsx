import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Form, Input, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RealState, type UserDetail, type UserItem } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { userCalls } from '../api';
import { realStateLabel, REAL_STATE_COLORS } from '../../../shared/userLabels';
import { AuthImage } from './AuthImage';
import { fmtTime as time } from '../../../shared/format';

/** Real-name review: the submitted name, ID number and ID photos; approve, or reject with a reason. */
export function ReviewDrawer({ user, onClose, onDone }: { user: UserItem | null; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const [detail, setDetail] = useState<UserDetail | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<'approve' | 'reject' | null>(null);
  const [form] = Form.useForm<{ reason: string }>();

  useEffect(() => {
    setDetail(null);
    form.resetFields();
    if (!user) return;
    let live = true;
    setLoading(true);
    userCalls
      .detail(user.id)
      .then((d) => live && setDetail(d))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [user, form]);

  const d = detail ?? user;
  const pending = d?.realState === RealState.PENDING;

  const review = async (state: 2 | 3) => {
    if (!user) return;
    let reason: string | undefined;
    if (state === 3) reason = (await form.validateFields()).reason.trim();
    setBusy(state === 2 ? 'approve' : 'reject');
    try {
      await userCalls.authByAdmin({ id: user.id, state, reason });
      feedback.message.success(t(state === 2 ? 'users.review.approved' : 'users.review.rejected'));
      onDone();
    } catch {
      /* shown by the client */
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer
      open={!!user}
      onClose={onClose}
      width={600}
      title={t('users.review.title')}
      destroyOnHidden
      extra={d ? <Tag color={REAL_STATE_COLORS[d.realState]}>{realStateLabel(d.realState, i18n.language)}</Tag> : null}
      footer={
        pending ? (
          <Access action="edit">
            <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
              <Button
                danger
                loading={busy === 'reject'}
                disabled={!!busy}
                onClick={() => void review(3).catch(() => undefined)}
                data-testid="review-reject"
              >
                {t('users.review.reject')}
              </Button>
              <Popconfirm
                title={t('users.review.approveConfirm')}
                okText={t('common.ok')}
                cancelText={t('common.cancel')}
                onConfirm={() => review(2)}
              >
                <Button type="primary" loading={busy === 'approve'} disabled={!!busy} data-testid="review-approve">
                  {t('users.review.approve')}
                </Button>
              </Popconfirm>
            </Space>
          </Access>
        ) : null
      }
    >
      <div data-testid="review-drawer">
        <Spin spinning={loading}>
          {d && (
            <>
              <Descriptions column={1} size="small" bordered labelStyle={{ width: 130 }}>
                <Descriptions.Item label={t('users.col.phone')}>{d.phone}</Descriptions.Item>
                <Descriptions.Item label={t('users.col.realName')}>
                  <span data-testid="review-realname">{d.realName || '-'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('users.col.idNumber')}>
                  <Typography.Text copyable={!!detail?.idNumber} style={{ fontFamily: 'monospace' }}>
                    {(detail ?? d).idNumber || '-'}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('field.agent')}>{d.agentName || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('users.review.submittedAt')}>{time(d.realSubmittedAt)}</Descriptions.Item>
                {detail?.realReviewedAt && (
                  <Descriptions.Item label={t('users.review.reviewedAt')}>{time(detail.realReviewedAt)}</Descriptions.Item>
                )}
                {d.realRejectReason && (
                  <Descriptions.Item label={t('users.review.reason')}>
                    <Typography.Text type="danger">{d.realRejectReason}</Typography.Text>
                  </Descriptions.Item>
                )}
              </Descriptions>
              <Typography.Title level={5} style={{ marginTop: 20 }}>
                {t('users.review.images')}
              </Typography.Title>
              <Space size={16} wrap align="start">
                <div>
                  <div className="ua-image-label">{t('users.review.front')}</div>
                  <AuthImage url={detail?.idFrontUrl} alt={t('users.review.front')} testId="review-front" />
                </div>
                <div>
                  <div className="ua-image-label">{t('users.review.back')}</div>
                  <AuthImage url={detail?.idBackUrl} alt={t('users.review.back')} testId="review-back" />
                </div>
              </Space>
              {pending ? (
                <Access action="edit">
                  <Form form={form} layout="vertical" style={{ marginTop: 20 }}>
                    <Form.Item
                      name="reason"
                      label={t('users.review.reason')}
                      rules={[
                        { required: true, whitespace: true, message: t('users.review.reasonRequired') },
                        { max: 200, message: t('common.maxLength', { count: 200 }) },
                      ]}
                      extra={t('users.review.reasonHint')}
                    >
                      <Input.TextArea
                        rows={3}
                        maxLength={200}
                        showCount
                        placeholder={t('users.review.reasonPlaceholder')}
                        data-testid="review-reason"
                      />
                    </Form.Item>
                  </Form>
                </Access>
              ) : (
                <Alert style={{ marginTop: 20 }} type="info" showIcon message={t('users.review.notPending')} />
              )}
            </>
          )}
        </Spin>
      </div>
    </Drawer>
  );
}
