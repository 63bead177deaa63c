import { useEffect, useState } from 'react';
import { Alert, Button, Grid, Modal, Space, Table, Tag, Typography, Upload } from 'antd';
import { InboxOutlined, WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CorpImportReport, CorpImportRow } from '@stock-admin/contracts';
import { planText } from '@stock-admin/contracts/exrights';
import { feedback } from '../../../lib/feedback';
import { isHeldError } from '../../../lib/request';
import { HeldHint } from '../../../shared/approvalHint';
import { corpCalls } from '../api';

/** The server names a row's problem by the file's column: the column's title here. */
const COLUMN: Record<string, string> = {
  code: 'stock',
  cash: 'cashPer10',
  bonus: 'bonusPer10',
  transfer: 'transferPer10',
  split: 'splitRatio',
};

/**
 * Imports an announcement file (CSV or XLSX): the server reads it and answers every row with what it would enter or
 * its problems, naming the column; nothing is written until every row is right, then all of them are entered together
 * (held for a second administrator).
 */
export function ImportModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  const [report, setReport] = useState<CorpImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) setReport(null);
  }, [open]);

  const check = async (file: File) => {
    setBusy(true);
    try {
      setReport(await corpCalls.check(file));
    } catch {
      // the request client showed why the file was refused (its format, a missing column)
    } finally {
      setBusy(false);
    }
    return false;
  };
  const submit = async () => {
    if (!report) return;
    setBusy(true);
    try {
      const r = await corpCalls.addBatch({
        fileName: report.fileName,
        rows: report.rows.map((r) => ({
          code: r.code,
          recordDate: r.recordDate,
          exDate: r.exDate,
          ...(r.payDate ? { payDate: r.payDate } : {}),
          ...(r.cashPerShare ? { cashPerShare: r.cashPerShare } : {}),
          ...(r.bonusPer10 ? { bonusPer10: r.bonusPer10 } : {}),
          ...(r.transferPer10 ? { transferPer10: r.transferPer10 } : {}),
          ...(r.splitRatio ? { splitRatio: r.splitRatio } : {}),
        })),
      });
      feedback.message.success(t('corpactions.imported', { count: r.added }));
      onDone();
    } catch (e) {
      if (isHeldError(e)) onDone();
    } finally {
      setBusy(false);
    }
  };

  // a phone has room for the row, the stock and its problems: the dates and the plan go under the stock
  const phone = Grid.useBreakpoint().md === false;
  const columns = [
    { title: t('corpactions.col.line'), dataIndex: 'line', width: 56 },
    {
      title: t('corpactions.col.stock'),
      dataIndex: 'code',
      render: (_: unknown, r: CorpImportRow) => (
        <Space direction="vertical" size={0}>
          <span>{r.code}</span>
          {r.stockName ? <Typography.Text type="secondary">{r.stockName}</Typography.Text> : null}
          {phone ? (
            <Typography.Text type="secondary">
              {t('corpactions.col.exDate')} {r.exDate} · {planText(r, lang) || '—'}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    ...(phone
      ? []
      : [
          { title: t('corpactions.col.recordDate'), dataIndex: 'recordDate', width: 110 },
          { title: t('corpactions.col.exDate'), dataIndex: 'exDate', width: 110 },
          { title: t('corpactions.col.plan'), key: 'plan', render: (_: unknown, r: CorpImportRow) => planText(r, lang) || '—' },
        ]),
    {
      title: t('corpactions.col.errors'),
      key: 'errors',
      render: (_: unknown, r: CorpImportRow) =>
        r.errors.length ? (
          <Space direction="vertical" size={2}>
            {r.errors.map((e, i) => (
              <Typography.Text key={i} type="danger">
                <WarningOutlined />{' '}
                {t('corpactions.rowProblem', { field: t(`corpactions.col.${COLUMN[e.field] ?? e.field}`), message: e.message })}
              </Typography.Text>
            ))}
          </Space>
        ) : (
          <Tag color="green">OK</Tag>
        ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('corpactions.importTitle')}
      onCancel={onClose}
      width={900}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={busy}
          disabled={!report || report.invalid > 0 || report.valid === 0}
          onClick={submit}
          data-testid="corp-import-ok"
        >
          {t('corpactions.importSubmit', { count: report?.valid ?? 0 })}
        </Button>,
      ]}
    >
      <Alert type="info" showIcon message={t('corpactions.importHelp')} style={{ marginBottom: 12 }} />
      <HeldHint operation="corporate.action" />
      <Upload.Dragger accept=".csv,.xlsx,.txt" maxCount={1} showUploadList={false} beforeUpload={check} disabled={busy}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('corpactions.importPick')}</p>
      </Upload.Dragger>
      {report ? (
        <>
          <Alert
            style={{ margin: '12px 0' }}
            type={report.invalid ? 'error' : 'success'}
            showIcon
            message={t('corpactions.importSummary', { count: report.rows.length, valid: report.valid, invalid: report.invalid })}
            description={report.invalid ? t('corpactions.importFixFirst') : undefined}
          />
          <Table<CorpImportRow>
            size="small"
            rowKey="line"
            columns={columns}
            dataSource={report.rows}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            scroll={phone ? undefined : { x: 720 }}
            data-testid="corp-import-rows"
          />
        </>
      ) : null}
    </Modal>
  );
}
