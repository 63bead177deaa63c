import { useEffect, useState } from 'react';
import { Form, Input, Modal, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { STATION_MAX_USERS } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { showFieldError } from '../../../lib/serverErrors';
import { stationCalls, userPicker } from '../api';
import { formatCount } from '../../../shared/money';

/** Users by phone prefix (`/admin/user/list.do`), multiple choice. */
function UserPicker({ value, onChange, id }: { value?: number[]; onChange?: (v: number[]) => void; id?: string }) {
  const { t } = useTranslation();
  const [kw, setKw] = useState('');
  const [debounced, setDebounced] = useState('');
  const [known, setKnown] = useState<Record<number, string>>({});
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(kw.trim()), 300);
    return () => clearTimeout(timer);
  }, [kw]);
  const q = useQuery({ queryKey: ['logs', 'userPicker', debounced], queryFn: () => userPicker(debounced), staleTime: 30_000 });
  const options = (q.data ?? []).map((u) => ({ value: u.id, label: `${u.phone} ${u.realName || u.nickName || ''} #${u.id}`.trim() }));
  for (const v of value ?? []) if (!options.some((o) => o.value === v)) options.push({ value: v, label: known[v] ?? `#${v}` });
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      value={value}
      onChange={(v: number[]) => {
        const labels = { ...known };
        for (const o of options) labels[o.value] = o.label;
        setKnown(labels);
        onChange?.(v);
      }}
      filterOption={false}
      onSearch={setKw}
      loading={q.isFetching}
      options={options}
      maxCount={STATION_MAX_USERS}
      placeholder={t('messages.station.usersPlaceholder')}
      notFoundContent={t('messages.station.noUsers')}
      data-testid="station-users"
    />
  );
}

interface SendValues {
  title: string;
  content: string;
  audience: 'all' | 'users';
  userIds?: number[];
}

/** Sends a station message to chosen users or to all. */
export function StationSendModal({ onClose, onSent }: { onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SendValues>();
  const audience = Form.useWatch('audience', form);
  const [busy, setBusy] = useState(false);
  /** To everyone is a mass send: confirmed naming how many users it reaches now. */
  const confirmAll = async (): Promise<boolean> => {
    const size = await stationCalls.audienceSize({ audience: 'all' });
    return new Promise((resolve) =>
      feedback.modal.confirm({
        title: t('messages.send.confirmTitle', { count: size.count, n: formatCount(size.count) }),
        content: t('messages.send.confirmNow', { label: size.label }),
        okText: t('messages.station.send'),
        cancelText: t('common.cancel'),
        okButtonProps: { 'data-testid': 'station-send-confirm' },
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      }),
    );
  };

  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      if (v.audience === 'all' && !(await confirmAll())) return;
      const r = await stationCalls.send({
        title: v.title.trim(),
        content: v.content.trim(),
        audience: v.audience,
        userIds: v.audience === 'users' ? (v.userIds ?? []).join(',') : undefined,
      });
      feedback.message.success(t('messages.station.sent', { count: r.recipientCount }));
      onSent();
    } catch (e) {
      showFieldError(form, e, ['title', 'content', 'userIds']);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      width={620}
      title={t('messages.station.sendTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('messages.station.send')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'station-send-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="station-send" initialValues={{ audience: 'users' }}>
        <Form.Item name="audience" label={t('messages.station.audience')}>
          <Radio.Group>
            <Radio value="users" data-testid="station-audience-users">
              {t('messages.station.audiences.users')}
            </Radio>
            <Radio value="all" data-testid="station-audience-all">
              {t('messages.station.audiences.all')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {audience !== 'all' && (
          <Form.Item
            name="userIds"
            label={t('messages.station.recipients')}
            rules={[{ required: true, type: 'array', min: 1, message: t('messages.station.usersRequired') }]}
          >
            <UserPicker />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('messages.station.title')}
          rules={[{ required: true, whitespace: true, message: t('messages.station.titleRequired') }]}
        >
          <Input maxLength={100} showCount />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('messages.station.content')}
          rules={[{ required: true, whitespace: true, message: t('messages.station.contentRequired') }]}
        >
          <Input.TextArea rows={5} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
