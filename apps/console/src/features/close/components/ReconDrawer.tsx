import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Drawer, Grid, Input, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DownloadOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReconDetail, ReconItem, ReconKind } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { Amount } from '../../../shared/components/cells';
import { fmtTime } from '../../../shared/format';
import { reconcileCalls } from '../api';
import { ReopenReconModal } from './ReopenReconModal';

export const KIND_COLORS: Record<ReconKind, string> = {
  matched: 'green',
  statement_only: 'volcano',
  platform_only: 'orange',
  amount_diff: 'red',
  duplicate: 'magenta',
  reversal: 'purple',
};

/** The exceptions' count: every kind but a matched pair. */
export const exceptionsOf = (d: Pick<ReconDetail, 'statementOnly' | 'platformOnly' | 'amountDiff' | 'duplicate' | 'reversal'>) =>
  d.statementOnly + d.platformOnly + d.amountDiff + d.duplicate + d.reversal;

/**
 * A channel-day's reconciliation: the exceptions first (in the statement only, on the platform only, amounts that
 * differ, duplicated lines, reversals), each resolved here with a note; the matched pairs in their own tab. A
 * reconciled day can be reopened (dual control) for a corrected file, and every list exported.
 */
export function ReconDrawer({ target, onClose }: { target: { channelId: number; day: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = !Grid.useBreakpoint().md;
  const client = useQueryClient();
  const key = ['close', 'recon', target?.channelId, target?.day];
  const q = useQuery({ queryKey: key, queryFn: () => reconcileCalls.detail(target!.channelId, target!.day), enabled: !!target });
  const [resolving, setResolving] = useState<ReconItem | null>(null);
  const [reopening, setReopening] = useState(false);
  const [note, setNote] = useState('');
  const d = q.data;

  const resolve = async () => {
    try {
      const next = await reconcileCalls.resolve(resolving!.id, note);
      client.setQueryData(key, next);
      void client.invalidateQueries({ queryKey: ['close', 'recon-list'] });
      feedback.message.success(t('close.recon.resolvedOk'));
      setResolving(null);
    } catch {
      // shown by the request client
    }
  };

  const columns = [
    {
      title: t('close.recon.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (k: ReconKind) => <Tag color={KIND_COLORS[k]}>{t(`close.recon.kinds.${k}`)}</Tag>,
    },
    {
      title: t('close.recon.direction'),
      dataIndex: 'direction',
      width: 70,
      render: (v: 'in' | 'out') => t(`close.recon.${v}`),
    },
    {
      title: t('close.recon.statement'),
      key: 'st',
      render: (_: unknown, r: ReconItem) =>
        r.line == null ? (
          '-'
        ) : (
          <Space direction="vertical" size={0}>
            <span>
              {t('close.recon.line', { n: r.line })} · {r.statementReference}
            </span>
            {r.duplicateOf != null && (
              <Typography.Text type="secondary">{t('close.recon.duplicateOf', { n: r.duplicateOf })}</Typography.Text>
            )}
            <Typography.Text type="secondary">
              <Amount value={r.statementAmount} /> · {fmtTime(r.statementTime)}
            </Typography.Text>
          </Space>
        ),
    },
    {
      title: t('close.recon.platform'),
      key: 'pf',
      render: (_: unknown, r: ReconItem) =>
        r.orderNo == null ? (
          '-'
        ) : (
          <Space direction="vertical" size={0}>
            <span>
              {r.orderNo} · #{r.userId}
            </span>
            <Typography.Text type="secondary">
              <Amount value={r.platformAmount} /> · {fmtTime(r.platformTime)}
            </Typography.Text>
          </Space>
        ),
    },
    {
      title: t('close.recon.resolution'),
      key: 'res',
      width: 200,
      render: (_: unknown, r: ReconItem) =>
        r.kind === 'matched' ? (
          '-'
        ) : r.resolvedAt ? (
          <Space direction="vertical" size={0}>
            <span>{r.note}</span>
            <Typography.Text type="secondary">
              {r.resolvedBy} · {fmtTime(r.resolvedAt)}
            </Typography.Text>
          </Space>
        ) : (
          <a
            onClick={() => {
              setNote('');
              setResolving(r);
            }}
            data-testid={`recon-resolve-${r.id}`}
          >
            {t('close.recon.resolve')}
          </a>
        ),
    },
  ];
  const table = (items: ReconItem[], testId: string) => (
    <Table
      size="small"
      rowKey="id"
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      dataSource={items}
      columns={columns}
      scroll={{ x: 760 }}
      data-testid={testId}
    />
  );

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      width={phone ? '100%' : 980}
      title={d ? t('close.recon.title', { channel: d.channelName, day: d.day }) : t('close.recon.menu')}
      destroyOnHidden
    >
      {d && <Summary d={d} onReopen={() => setReopening(true)} onExport={() => void reconcileCalls.exportCsv(d.channelId, d.day)} />}
      {d && (
        <Tabs
          items={[
            {
              key: 'exceptions',
              label: `${t('close.recon.exceptions')} (${exceptionsOf(d)})`,
              children: table(
                d.items.filter((i) => i.kind !== 'matched'),
                'recon-exceptions',
              ),
            },
            {
              key: 'matched',
              label: `${t('close.recon.kinds.matched')} (${d.matched})`,
              children: table(
                d.items.filter((i) => i.kind === 'matched'),
                'recon-matched',
              ),
            },
          ]}
        />
      )}
      <Modal
        open={!!resolving}
        title={t('close.recon.resolveTitle')}
        onCancel={() => setResolving(null)}
        onOk={resolve}
        okButtonProps={{ disabled: !note.trim(), id: 'recon-resolve-ok' }}
      >
        <Input.TextArea
          value={note}
          onChange={(e) => setNote(e.target.value)}
          maxLength={200}
          showCount
          rows={3}
          placeholder={t('close.recon.notePlaceholder')}
          data-testid="recon-note"
        />
      </Modal>
      <ReopenReconModal
        target={reopening && d ? d : null}
        onClose={() => setReopening(false)}
        onDone={(next) => {
          client.setQueryData(key, next);
          void client.invalidateQueries({ queryKey: ['close', 'recon-list'] });
          setReopening(false);
        }}
      />
    </Drawer>
  );
}

function Summary({ d, onReopen, onExport }: { d: ReconDetail; onReopen: () => void; onExport: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {d.reopenedAt && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="recon-reopened"
          message={t('close.recon.reopenedBy', { by: d.reopenedBy, at: fmtTime(d.reopenedAt) })}
          description={d.reopenReason}
        />
      )}
      <Space wrap style={{ marginBottom: 12 }}>
        <Tag color={d.status === 'reconciled' ? 'green' : 'gold'} data-testid="recon-status">
          {t(`close.recon.status.${d.status}`)}
        </Tag>
        <span>{d.fileName}</span>
        <Typography.Text type="secondary">
          {t('close.recon.lines', { count: d.lines })} · {d.uploadedBy} · {fmtTime(d.uploadedAt)}
        </Typography.Text>
        <Button size="small" icon={<DownloadOutlined />} onClick={onExport} data-testid="recon-export">
          {t('close.recon.export')}
        </Button>
        {d.status === 'reconciled' && (
          <Button size="small" danger icon={<UndoOutlined />} onClick={onReopen} data-testid="recon-reopen">
            {t('close.recon.reopen')}
          </Button>
        )}
      </Space>
    </>
  );
}
