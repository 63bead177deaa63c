import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, DatePicker, Form, Modal, Select, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ReconDetail } from '@stock-admin/contracts';
import { platformToday } from '../../../lib/timeZone';
import { feedback } from '../../../lib/feedback';
import { reconcileCalls } from '../api';

/** Uploads a channel's statement of a day: the channel, the day, the file (UTF-8 or GBK CSV). */
export function UploadStatementModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (d: ReconDetail) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ channelId: number; day: Dayjs }>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const channels = useQuery({ queryKey: ['close', 'channels'], queryFn: reconcileCalls.channels, enabled: open });
  useEffect(() => {
    if (open) {
      form.resetFields();
      setFile(null);
    }
  }, [open, form]);

  const submit = async () => {
    const v = await form.validateFields();
    if (!file) return feedback.message.warning(t('close.recon.fileNeeded'));
    setBusy(true);
    try {
      const d = await reconcileCalls.upload(v.channelId, v.day.format('YYYY-MM-DD'), file);
      feedback.message.success(t('close.recon.uploaded', { count: d.open }));
      onDone(d);
    } catch {
      // the request client shows the refusal (the line and column a bad file names)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('close.recon.upload')}
      onCancel={onClose}
      onOk={submit}
      okText={t('close.recon.uploadOk')}
      okButtonProps={{ loading: busy, id: 'recon-upload-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ day: platformToday().subtract(1, 'day') }}>
        <Form.Item name="channelId" label={t('close.col.channel')} rules={[{ required: true }]}>
          <Select
            loading={channels.isLoading}
            showSearch
            optionFilterProp="label"
            options={(channels.data ?? []).map((c) => ({ value: c.id, label: `${c.displayName} #${c.id}` }))}
            data-testid="recon-channel"
          />
        </Form.Item>
        <Form.Item name="day" label={t('close.col.day')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} disabledDate={(d) => d.isAfter(platformToday(), 'day')} style={{ width: '100%' }} />
        </Form.Item>
        <Upload.Dragger
          accept=".csv,text/csv"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            return false;
          }}
          onRemove={() => setFile(null)}
          data-testid="recon-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{file ? file.name : t('close.recon.drop')}</p>
        </Upload.Dragger>
        <Alert
          type="info"
          style={{ marginTop: 12 }}
          message={<Typography.Text>{t('close.recon.format')}</Typography.Text>}
          description={<Typography.Text code>交易时间,流水号,金额,收支 / time,reference,amount,direction</Typography.Text>}
        />
      </Form>
    </Modal>
  );
}
