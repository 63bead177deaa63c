import '../../../shared/styles/users.css';
import { useEffect, useRef, useState } from 'react';
import { Button, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ActionType, ProFormInstance } from '@ant-design/pro-components';
import { ListTable } from '../../../shared/list/ListTable';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RealState, usersApi, type InputOf, type UserItem } from '@stock-admin/contracts';
import { Access, useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { tableDefaults, pageOf } from '../../../lib/proTable';
import { REFRESH_PARAM } from '../../../lib/tabs';
import { userCalls } from '../api';
import { BankModal } from '../components/BankModal';
import { useTiers } from '../../../shared/components/AccountPickers';
import { ReviewDrawer } from '../components/ReviewDrawer';
import { AddUserModal, BatchMoveModal, EditUserModal } from '../components/UserFormModals';
import { UserAdjustModal } from '../components/UserAdjustModal';
import { UserBatchBar, type LockPatch } from '../components/UserBatchBar';
import { USERS_LAYOUT, userColumns } from '../components/userColumns';
import { userFilters, type Params, type Sort } from '../../../shared/userFilters';
import { ExportButton } from '../../../shared/components/ExportButton';
import { tableRequest } from '../../../shared/tableRequest';

// Not on CrudList: adding and editing a user are different forms (AddUserModal, EditUserModal), and the list is a work queue
// (review, adjust, bank cards, batch move and lock, export) more than a CRUD list.
/** 用户列表 (/userlist/index): filters, real-name review, balance adjustment, bank cards, accounts, batch actions, export. */
export default function UserList() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can, info } = useAccess();
  /** Agent staff may not move real money (the server refuses it too). */
  const agentStaff = info?.agentId != null;
  const actionRef = useRef<ActionType>(undefined);
  const formRef = useRef<ProFormInstance>(undefined);
  const lastFilters = useRef({} as InputOf<typeof usersApi.export>);
  const tiers = useTiers();
  const tierName = (id: number | null) => (id == null ? null : (tiers.find((x) => x.id === id)?.layeringName ?? `#${id}`));

  const [selected, setSelected] = useState<UserItem[]>([]);
  const [reviewing, setReviewing] = useState<UserItem | null>(null);
  const [adjusting, setAdjusting] = useState<UserItem | null>(null);
  const [banking, setBanking] = useState<UserItem | null>(null);
  const [editing, setEditing] = useState<UserItem | null>(null);
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<'agent' | 'tier' | null>(null);
  const [pendingOnly, setPendingOnly] = useState(false);

  const reload = () => void actionRef.current?.reload();

  const showPending = (on: boolean) => {
    setPendingOnly(on);
    formRef.current?.setFieldsValue({ realState: on ? String(RealState.PENDING) : undefined });
    formRef.current?.submit();
  };

  // Header badge (实名审核): a new `_t` asks this page for fresh data, showing the pending reviews.
  const [search] = useSearchParams();
  const stamp = search.get(REFRESH_PARAM);
  const seenStamp = useRef<string | null>(null);
  useEffect(() => {
    if (stamp && stamp !== seenStamp.current) {
      seenStamp.current = stamp;
      setSelected([]);
      // the form may mount a moment after the page
      const apply = () => (formRef.current ? showPending(true) : setTimeout(apply, 50));
      apply();
    }
  }, [stamp]);

  const setLock = async (u: UserItem, field: 'loginLocked' | 'tradeLocked', on: boolean) => {
    try {
      const r = await userCalls.update(field === 'loginLocked' ? { id: u.id, loginLocked: on } : { id: u.id, tradeLocked: on });
      feedback.message.success(r.msg);
      reload();
    } catch {
      /* shown by the client */
    }
  };

  const simple = async (fn: () => Promise<{ msg: string }>, after?: () => void) => {
    try {
      const r = await fn();
      feedback.message.success(r.msg);
      after?.();
      reload();
    } catch {
      /* shown by the client */
    }
  };

  const batch = (patch: LockPatch) =>
    simple(
      () => userCalls.updateList({ ids: selected.map((u) => u.id).join(','), ...patch }),
      () => setSelected([]),
    );

  const columns = userColumns(t, lang, can, {
    agentStaff,
    tierName,
    lock: (u, field, on) => void setLock(u, field, on),
    review: setReviewing,
    adjust: setAdjusting,
    bank: setBanking,
    edit: setEditing,
    kickOut: (u) => simple(() => userCalls.kickOut(u.id)),
    remove: (u) => simple(() => userCalls.delete(u.id)),
  });

  const ids = selected.map((u) => u.id);

  return (
    <div data-testid="user-list">
      <ListTable<UserItem, Params>
        {...tableDefaults()}
        actionRef={actionRef}
        formRef={formRef}
        columns={columns}
        headerTitle={t('users.title')}
        search={{ labelWidth: 'auto', defaultCollapsed: false, span: { xs: 24, sm: 24, md: 12, lg: 8, xl: 6, xxl: 6 } }}
        layout={USERS_LAYOUT}
        live={['REAL_CHANGE', 'REAL_REVIEWED', 'IDVERIFY_SUBMIT']}
        rowSelection={
          can('edit') ? { selectedRowKeys: ids, onChange: (_, rows) => setSelected(rows), preserveSelectedRowKeys: true } : undefined
        }
        tableAlertRender={({ selectedRowKeys, onCleanSelected }) => (
          <Space>
            <span>{t('users.batch.selected', { count: selectedRowKeys.length })}</span>
            <a onClick={onCleanSelected}>{t('users.batch.clear')}</a>
          </Space>
        )}
        tableAlertOptionRender={() => <UserBatchBar count={ids.length} onBatch={batch} onMove={setMoving} />}
        toolBarRender={() => [
          <Button
            key="pending"
            type={pendingOnly ? 'primary' : 'default'}
            ghost={pendingOnly}
            onClick={() => showPending(!pendingOnly)}
            data-testid="user-pending-toggle"
          >
            {t('users.filter.pendingOnly')}
          </Button>,
          <Access key="add" action="add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="user-add">
              {t('users.add.button')}
            </Button>
          </Access>,
          <ExportButton key="export" endpoint={usersApi.export} filters={() => lastFilters.current} name="users" testId="user-export" />,
        ]}
        onReset={() => setPendingOnly(false)}
        request={async (params: Params, sort: Sort) => {
          const filters = userFilters(params, sort);
          setPendingOnly(filters.realState === RealState.PENDING);
          const { sortField: _f, sortOrder: _o, ...exportable } = filters;
          lastFilters.current = exportable;
          return tableRequest(() => userCalls.list({ ...pageOf(params), ...filters }));
        }}
      />
      <ReviewDrawer
        user={reviewing}
        onClose={() => setReviewing(null)}
        onDone={() => {
          setReviewing(null);
          reload();
        }}
      />
      <UserAdjustModal
        user={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={() => {
          setAdjusting(null);
          reload();
        }}
      />
      <BankModal user={banking} onClose={() => setBanking(null)} />
      <AddUserModal
        open={adding}
        onClose={() => setAdding(false)}
        onDone={() => {
          setAdding(false);
          reload();
        }}
      />
      <EditUserModal
        user={editing}
        onClose={() => setEditing(null)}
        onDone={() => {
          setEditing(null);
          reload();
        }}
      />
      <BatchMoveModal
        mode={moving}
        ids={ids}
        onClose={() => setMoving(null)}
        onDone={() => {
          setMoving(null);
          setSelected([]);
          reload();
        }}
      />
    </div>
  );
}
