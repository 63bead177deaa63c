import { HeldHint } from '../approvalHint';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Form, Input, Modal, Radio, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../money';
import { useFormSave } from '../useFormSave';
import { AmountInput, Money } from './Money';

export interface AdjustValues {
  direction: 0 | 1;
  amt: string;
  note: string;
}

export interface PreviewRow {
  key: string;
  label: string;
  before: string;
  after: string;
}

/**
 * Balance adjustment in two steps (users and agents): the form (credit/debit, amount, required note),
 * then a confirmation with every balance before and after (exact decimal arithmetic, `previewRows`).
 * `onSubmit` resolves with the success text; failures stay on the confirmation (the client showed them).
 */
export function AdjustModal({
  open,
  title,
  subject,
  previewRows,
  onSubmit,
  onClose,
  loading,
  testId = 'adjust-modal',
}: {
  open: boolean;
  title: string;
  subject: ReactNode;
  previewRows: (v: AdjustValues) => { rows: PreviewRow[]; insufficient: boolean } | null;
  onSubmit: (v: AdjustValues) => Promise<void>;
  onClose: () => void;
  loading?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustValues>();
  const [confirming, setConfirming] = useState<AdjustValues | null>(null);
  const { busy, run } = useFormSave(form, {
    fields: ['amt', 'note'],
    // held for a second administrator: the request is in the queue, this dialog is done
    onHeld: onClose,
    // a refused amount or note: back to the form, the message under its field
    onRefused: (_e, onField) => onField && setConfirming(null),
  });

  useEffect(() => {
    if (open) {
      form.resetFields();
      setConfirming(null);
    }
  }, [open, form]);

  const preview = confirming ? previewRows(confirming) : null;

  const next = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is missing
    setConfirming({ direction: v.direction, amt: String(v.amt).trim(), note: v.note.trim() });
  };

  const submit = () => {
    if (confirming) void run(() => onSubmit(confirming));
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      width={560}
      okText={confirming ? t('adjust.confirmOk') : t('common.next')}
      cancelText={confirming ? t('common.back') : t('common.cancel')}
      onOk={() => (confirming ? submit() : void next())}
      okButtonProps={{
        loading: busy,
        disabled: loading || (!!confirming && (!preview || preview.insufficient)),
        danger: confirming?.direction === 1,
        'data-testid': `${testId}-ok`,
      }}
      cancelButtonProps={{ onClick: () => (confirming ? setConfirming(null) : onClose()), 'data-testid': `${testId}-cancel` }}
    >
      <div data-testid={testId}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {subject}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" initialValues={{ direction: 0 }} style={{ display: confirming ? 'none' : undefined }}>
          <Form.Item name="direction" label={t('adjust.direction')} rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 0, label: t('adjust.credit') },
                { value: 1, label: t('adjust.debit') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="amt"
            label={t('adjust.amount')}
            rules={[
              { required: true, message: t('adjust.amountRequired') },
              {
                validator: (_, v) =>
                  v === undefined || v === null || v === '' || (/^\d{1,18}(\.\d{1,2})?$/.test(String(v)) && /[1-9]/.test(String(v)))
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('adjust.amountInvalid'))),
              },
            ]}
          >
            <AmountInput placeholder={t('adjust.amountPlaceholder')} data-testid={`${testId}-amount`} />
          </Form.Item>
          <Form.Item
            name="note"
            label={t('adjust.note')}
            rules={[
              { required: true, whitespace: true, message: t('adjust.noteRequired') },
              { max: 200, message: t('common.maxLength', { count: 200 }) },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount placeholder={t('adjust.notePlaceholder')} data-testid={`${testId}-note`} />
          </Form.Item>
        </Form>
        {confirming && (
          <div data-testid={`${testId}-confirm`}>
            <HeldHint operation="balance" amount={confirming.amt} />
            <Alert
              type={confirming.direction === 0 ? 'info' : 'warning'}
              showIcon
              style={{ marginBottom: 12 }}
              message={t(confirming.direction === 0 ? 'adjust.confirmCredit' : 'adjust.confirmDebit', {
                amount: formatMoney(confirming.amt),
              })}
              description={t('adjust.noteLine', { note: confirming.note })}
            />
            {preview ? (
              <Table<PreviewRow>
                size="small"
                pagination={false}
                rowKey="key"
                dataSource={preview.rows}
                columns={[
                  { title: t('adjust.balance'), dataIndex: 'label' },
                  { title: t('adjust.before'), dataIndex: 'before', align: 'right', render: (v: string) => <Money value={v} /> },
                  {
                    title: t('adjust.after'),
                    dataIndex: 'after',
                    align: 'right',
                    render: (v: string, r) => (
                      <span data-testid={`${testId}-after-${r.key}`}>
                        <Money value={v} strong={v !== r.before} />
                      </span>
                    ),
                  },
                ]}
              />
            ) : (
              <Alert type="error" showIcon message={t('adjust.amountInvalid')} />
            )}
            {preview?.insufficient && (
              <Alert
                type="error"
                showIcon
                style={{ marginTop: 12 }}
                message={t('adjust.insufficient')}
                data-testid={`${testId}-insufficient`}
              />
            )}
          </div>
        )}
      </div>
    </Modal>
  );
}
