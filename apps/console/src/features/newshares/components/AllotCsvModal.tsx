import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { batchAllotData, type BatchAllotData, type IssueItem } from '@stock-admin/contracts';
import { saveCsvText } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { RequestError } from '../../../lib/request';
import { IMPORT_MAX_BYTES } from '../../../shared/importFile';
import { newsharesCalls } from '../api';
import { formatCode, formatSize } from '../../../shared/money';

type Row = BatchAllotData['rows'][number];
const TEMPLATE = '\uFEFForderNo,phone,allotted\nN2026112500000001,,1000\n,13800000000,0\n';

/** The report the server answered: in `data` of a success, or of the refusal when any line failed. */
function reportOf(err: unknown): BatchAllotData | null {
  if (!(err instanceof RequestError) || err.kind !== 'status') return null;
  const r = batchAllotData.safeParse(err.data);
  return r.success ? r.data : null;
}

/**
 * Batch allotment of one issue from a CSV (orderNo or phone, allotted): upload with a progress bar, then the
 * per-line report. All lines or none: a failed line leaves every subscription as it was.
 */
export function AllotCsvModal({ issue, onClose, onDone }: { issue: IssueItem | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [report, setReport] = useState<BatchAllotData | null>(null);
  const [onlyFailed, setOnlyFailed] = useState(true);
  const uploading = percent !== null && !report;

  useEffect(() => {
    setFile(null);
    setPercent(null);
    setReport(null);
    setOnlyFailed(true);
  }, [issue]);

  const upload = async () => {
    if (!file || !issue) return;
    setPercent(0);
    try {
      const r = await newsharesCalls.batchAllot(issue.id, file, setPercent);
      setReport(r);
      onDone();
    } catch (e) {
      const refused = reportOf(e);
      if (refused) setReport(refused);
      else setPercent(null);
    }
  };

  const rows = report ? (report.applied || !onlyFailed ? report.rows : report.rows.filter((r) => r.result === 'failed')) : [];
  return (
    <Modal
      open={!!issue}
      title={issue ? t('newshares.csv.title', { name: `${issue.name} ${formatCode(issue)}` }) : ''}
      width={760}
      onCancel={onClose}
      maskClosable={!uploading}
      footer={
        <Space>
          <Button onClick={onClose}>{t(report?.applied ? 'common.close' : 'common.cancel')}</Button>
          {!report?.applied && (
            <Button type="primary" disabled={!file} loading={uploading} onClick={() => void upload()} data-testid="allot-csv-upload">
              {t('newshares.csv.upload')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="allot-csv">
        <Typography.Paragraph type="secondary">
          {t('newshares.csv.hint')} <a onClick={() => saveCsvText('allotment.csv', TEMPLATE)}>{t('newshares.csv.template')}</a>
        </Typography.Paragraph>
        <Upload.Dragger
          accept=".csv,text/csv"
          maxCount={1}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(f) => {
            if (f.size > IMPORT_MAX_BYTES) feedback.message.error(t('newshares.csv.tooBig', { mb: IMPORT_MAX_BYTES / 1024 / 1024 }));
            else {
              setFile(f);
              setReport(null);
              setPercent(null);
            }
            return Upload.LIST_IGNORE;
          }}
          data-testid="allot-csv-file"
        >
          <p className="ant-upload-drag-icon">{file ? <FileTextOutlined /> : <InboxOutlined />}</p>
          <p className="ant-upload-text">{file ? file.name : t('newshares.csv.drop')}</p>
          {file && <p className="ant-upload-hint">{formatSize(file.size)}</p>}
        </Upload.Dragger>
        {percent !== null && (
          <Progress
            percent={percent}
            status={report ? (report.applied ? 'success' : 'exception') : 'active'}
            data-testid="allot-csv-progress"
          />
        )}
        {report && (
          <div style={{ marginTop: 12 }} data-testid="allot-csv-report">
            <Alert
              showIcon
              type={report.applied ? 'success' : 'error'}
              message={
                report.applied
                  ? t('newshares.csv.applied', { allotted: report.allotted, notAllotted: report.notAllotted })
                  : t('newshares.csv.refused', { count: report.failed })
              }
              style={{ marginBottom: 12 }}
            />
            {!report.applied && (
              <Space style={{ marginBottom: 8 }}>
                <Switch size="small" checked={onlyFailed} onChange={setOnlyFailed} />
                <span>{t('newshares.csv.onlyFailed')}</span>
              </Space>
            )}
            <Table<Row>
              size="small"
              rowKey="line"
              dataSource={rows}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              columns={[
                { title: t('newshares.csv.line'), dataIndex: 'line', width: 70 },
                { title: t('newshares.csv.key'), key: 'key', render: (_, r) => r.orderNo ?? r.phone ?? '-' },
                { title: t('newshares.csv.allotted'), dataIndex: 'allotted', width: 100, align: 'right', render: (v?: number) => v ?? '-' },
                {
                  title: t('newshares.csv.result'),
                  dataIndex: 'result',
                  width: 90,
                  render: (v: Row['result']) => <Tag color={v === 'ok' ? 'green' : 'red'}>{t(`newshares.csv.results.${v}`)}</Tag>,
                },
                {
                  title: t('newshares.csv.reason'),
                  dataIndex: 'reason',
                  render: (v?: string) => (v ? t(`newshares.csv.reasons.${v}`, { defaultValue: v }) : '-'),
                },
              ]}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
