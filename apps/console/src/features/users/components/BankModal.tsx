import { useCallback, useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { BankItem, UserItem } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { userCalls } from '../api';
import { maskCardNo } from '../lib/mask';
import { showFieldError } from '../../../lib/serverErrors';

interface BankForm {
  bankName: string;
  branch?: string;
  cardNo?: string;
  holderName: string;
}

/** A user's bank cards: list, add, edit, delete (card numbers masked on the list). */
export function BankModal({ user, onClose }: { user: UserItem | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [list, setList] = useState<BankItem[]>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<BankItem | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<BankForm>();

  const load = useCallback(async () => {
    if (!user) return;
    setLoading(true);
    try {
      setList(await userCalls.getBank(user.id));
    } catch {
      setList([]);
    } finally {
      setLoading(false);
    }
  }, [user]);

  useEffect(() => {
    setList([]);
    setEditing(null);
    void load();
  }, [load]);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing === 'new') form.setFieldsValue({ holderName: user?.realName ?? '' });
    else form.setFieldsValue({ bankName: editing.bankName, branch: editing.branch, holderName: editing.holderName, cardNo: '' });
  }, [editing, form, user]);

  const save = async () => {
    if (!user || !editing) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r =
        editing === 'new'
          ? await userCalls.addBank({
              userId: user.id,
              bankName: v.bankName.trim(),
              branch: v.branch?.trim() ?? '',
              cardNo: v.cardNo!.trim(),
              holderName: v.holderName.trim(),
            })
          : await userCalls.updateBank({
              id: editing.id,
              bankName: v.bankName.trim(),
              branch: v.branch?.trim() ?? '',
              cardNo: v.cardNo?.trim() || undefined,
              holderName: v.holderName.trim(),
            });
      feedback.message.success(r.msg);
      setEditing(null);
      void load();
    } catch (e) {
      showFieldError(form, e, ['bankName', 'branch', 'cardNo', 'holderName']);
    } finally {
      setSaving(false);
    }
  };

  const remove = async (b: BankItem) => {
    try {
      const r = await userCalls.delBank(b.id);
      feedback.message.success(r.msg);
      void load();
    } catch {
      /* shown by the client */
    }
  };

  return (
    <>
      <Modal
        open={!!user}
        title={t('users.bank.title', { user: user ? `${user.phone}${user.realName ? `（${user.realName}）` : ''}` : '' })}
        onCancel={onClose}
        footer={null}
        width={820}
        destroyOnHidden
      >
        <div data-testid="bank-modal">
          <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type="secondary">{t('users.bank.hint')}</Typography.Text>
            <Access action="edit">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="bank-add">
                {t('users.bank.add')}
              </Button>
            </Access>
          </Space>
          <Table<BankItem>
            size="small"
            rowKey="id"
            loading={loading}
            dataSource={list}
            pagination={false}
            locale={{ emptyText: t('users.bank.empty') }}
            columns={[
              { title: t('users.bank.bankName'), dataIndex: 'bankName' },
              { title: t('users.bank.branch'), dataIndex: 'branch', render: (v: string) => v || '-' },
              {
                title: t('users.bank.cardNo'),
                dataIndex: 'cardNoMasked',
                render: (_: unknown, b) => <span style={{ fontFamily: 'monospace' }}>{maskCardNo(b.cardNo || b.cardNoMasked)}</span>,
              },
              { title: t('users.bank.holderName'), dataIndex: 'holderName' },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 120,
                render: (_: unknown, b) => (
                  <Access action="edit">
                    <Space>
                      <a onClick={() => setEditing(b)} data-testid={`bank-edit-${b.id}`}>
                        {t('common.edit')}
                      </a>
                      <Popconfirm
                        title={t('users.bank.deleteConfirm')}
                        okText={t('common.ok')}
                        cancelText={t('common.cancel')}
                        onConfirm={() => remove(b)}
                      >
                        <a className="danger-link" data-testid={`bank-delete-${b.id}`}>
                          {t('common.delete')}
                        </a>
                      </Popconfirm>
                    </Space>
                  </Access>
                ),
              },
            ]}
          />
        </div>
      </Modal>
      <Modal
        open={!!editing}
        title={editing === 'new' ? t('users.bank.addTitle') : t('users.bank.editTitle')}
        onCancel={() => setEditing(null)}
        onOk={() => void save().catch(() => undefined)}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        destroyOnHidden
        maskClosable={false}
      >
        <Form form={form} layout="vertical" data-testid="bank-form">
          <Form.Item
            name="bankName"
            label={t('users.bank.bankName')}
            rules={[{ required: true, whitespace: true, message: t('users.bank.bankNameRequired') }, { max: 50 }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item name="branch" label={t('users.bank.branch')} rules={[{ max: 100 }]}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item
            name="cardNo"
            label={t('users.bank.cardNo')}
            extra={editing !== 'new' && editing ? t('users.bank.cardNoKeep', { card: maskCardNo(editing.cardNoMasked) }) : undefined}
            rules={[
              { required: editing === 'new', message: t('users.bank.cardNoRequired') },
              { pattern: /^[\d\s-]{12,23}$/, message: t('users.bank.cardNoInvalid') },
            ]}
          >
            <Input maxLength={23} autoComplete="off" inputMode="numeric" />
          </Form.Item>
          <Form.Item
            name="holderName"
            label={t('users.bank.holderName')}
            rules={[{ required: true, whitespace: true, message: t('users.bank.holderRequired') }, { max: 50 }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
