import { useState } from 'react';
import {
  Alert,
  Card,
  Descriptions,
  Form,
  Grid,
  Input,
  InputNumber,
  List,
  Modal,
  Switch,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { APPROVAL_EXPIRY_HOURS, isHeld, type ApprovalRule } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { fmtTime } from '../../../shared/format';
import { formatYuan, isAmount } from '../../../shared/money';
import { approvalCalls } from '../api';
import { opKey } from '../opName';

interface RuleValues {
  enabled: boolean;
  threshold?: string;
  expiresHours: number;
}

/**
 * 复核规则 (设置): per guarded operation, on/off, the amount at or over which a call waits for a second administrator
 * (money operations), and how long a request waits. Tightening saves at once; loosening becomes a request in the queue.
 */
export default function ApprovalRules() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: ['approvals', 'rules'], queryFn: () => approvalCalls.rules() });
  const [editing, setEditing] = useState<ApprovalRule | null>(null);
  const [form] = Form.useForm<RuleValues>();
  const phone = Grid.useBreakpoint().md === false;

  const save = async () => {
    const rule = editing!;
    const v = await form.validateFields();
    try {
      const d = await approvalCalls.ruleUpdate({
        operation: rule.operation,
        enabled: v.enabled,
        ...(rule.money ? { threshold: v.threshold?.trim() ? v.threshold.trim() : null } : {}),
        expiresHours: v.expiresHours,
      });
      if (isHeld(d)) feedback.notification.info({ message: t('approvals.rules.pending', { id: d.approval.id }) });
      else feedback.message.success(t('approvals.rules.saved'));
      setEditing(null);
    } catch {
      // shown by the request client
    } finally {
      void qc.invalidateQueries({ queryKey: ['approvals', 'rules'] });
    }
  };

  const startEdit = (r: ApprovalRule) => {
    form.setFieldsValue({ enabled: r.enabled, threshold: r.threshold ?? '', expiresHours: r.expiresHours });
    setEditing(r);
  };
  const thresholdText = (r: ApprovalRule) =>
    !r.money
      ? t('approvals.rules.noMoney')
      : !r.enabled
        ? '-'
        : r.threshold == null
          ? t('approvals.rules.thresholdAll')
          : formatYuan(r.threshold);
  const updatedText = (r: ApprovalRule) =>
    r.pendingChange ? (
      <Tag color="processing">{t('approvals.rules.pending', { id: r.pendingChange })}</Tag>
    ) : r.updatedAt ? (
      `${fmtTime(r.updatedAt)} · ${r.updatedBy ?? ''}`
    ) : (
      '-'
    );
  const editLink = (r: ApprovalRule) => (
    <Access action="edit">
      <a onClick={() => startEdit(r)} data-testid={`rule-edit-${r.operation}`}>
        {t('approvals.rules.edit')}
      </a>
    </Access>
  );
  const nameOf = (r: ApprovalRule) => (
    <span>
      {t(opKey(r.operation))}
      {r.stepUp && (
        <Tooltip title={t('approvals.codeHint')}>
          <Tag color="gold" style={{ marginInlineStart: 8 }}>
            {t('approvals.stepUp')}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
  const enabledSwitch = (r: ApprovalRule) => (
    <Switch size="small" checked={r.enabled} disabled data-testid={`rule-enabled-${r.operation}`} />
  );

  const columns: TableColumnsType<ApprovalRule> = [
    { title: t('approvals.col.operation'), dataIndex: 'operation', render: (_, r) => nameOf(r) },
    { title: t('approvals.rules.enabled'), dataIndex: 'enabled', width: 90, render: (_, r) => enabledSwitch(r) },
    { title: t('approvals.rules.threshold'), dataIndex: 'threshold', width: 150, align: 'right', render: (_, r) => thresholdText(r) },
    { title: t('approvals.rules.expiresHours'), dataIndex: 'expiresHours', width: 130, align: 'right' },
    { title: t('approvals.rules.updated'), key: 'updated', width: 220, render: (_, r) => updatedText(r) },
    { title: t('common.actions'), key: 'actions', width: 90, render: (_, r) => editLink(r) },
  ];

  return (
    <Card title={t('approvals.menu.rules')} data-testid="page-approvalrules">
      <Alert type="info" showIcon message={t('approvals.rules.intro')} style={{ marginBottom: 16 }} />
      {phone ? (
        // a phone: a card per rule, every field in view
        <List<ApprovalRule>
          loading={q.isLoading}
          dataSource={q.data ?? []}
          renderItem={(r) => (
            <List.Item key={r.operation} actions={can('edit') ? [editLink(r)] : undefined} data-testid={`rule-card-${r.operation}`}>
              <div style={{ width: '100%' }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 8 }}>
                  {nameOf(r)}
                  {enabledSwitch(r)}
                </div>
                <Descriptions size="small" column={1}>
                  <Descriptions.Item label={t('approvals.rules.threshold')}>{thresholdText(r)}</Descriptions.Item>
                  <Descriptions.Item label={t('approvals.rules.expiresHours')}>{r.expiresHours}</Descriptions.Item>
                  <Descriptions.Item label={t('approvals.rules.updated')}>{updatedText(r)}</Descriptions.Item>
                </Descriptions>
              </div>
            </List.Item>
          )}
        />
      ) : (
        <Table<ApprovalRule>
          rowKey="operation"
          size="middle"
          loading={q.isLoading}
          dataSource={q.data ?? []}
          columns={columns.filter((c) => c.key !== 'actions' || can('edit'))}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
      <Modal
        open={!!editing}
        title={editing ? t('approvals.rules.editTitle', { name: t(opKey(editing.operation)) }) : ''}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        destroyOnHidden
        okButtonProps={{ id: 'rule-save' }}
      >
        <Form form={form} layout="vertical">
          <Form.Item name="enabled" label={t('approvals.rules.enabled')} valuePropName="checked">
            <Switch data-testid="rule-form-enabled" />
          </Form.Item>
          {editing?.money && (
            <Form.Item
              name="threshold"
              label={t('approvals.rules.threshold')}
              extra={t('approvals.rules.thresholdHint')}
              rules={[
                {
                  validator: async (_, v?: string) =>
                    !v?.trim() || isAmount(v) ? undefined : Promise.reject(new Error(t('approvals.rules.thresholdHint'))),
                },
              ]}
            >
              <Input inputMode="decimal" prefix="¥" data-testid="rule-form-threshold" />
            </Form.Item>
          )}
          <Form.Item name="expiresHours" label={t('approvals.rules.expiresHours')} rules={[{ required: true }]}>
            <InputNumber min={APPROVAL_EXPIRY_HOURS.min} max={APPROVAL_EXPIRY_HOURS.max} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
