import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Space, Switch, Table, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveCsvText } from '../../lib/download';
import { isHeldError } from '../../lib/request';
import { feedback } from '../../lib/feedback';
import { IMPORT_MAX_BYTES, importFileProblem, refusedReport, reportRows, type ImportReport } from '../importFile';
import { formatSize } from '../money';

export interface CsvImportModalProps<R extends ImportReport> {
  open: boolean;
  title: string;
  /** prefix of the test ids: `<id>` (the body), `<id>-file`, `-upload`, `-progress`, `-report` */
  testId: string;
  width?: number;
  /** what the file holds (columns, rules), shown under the drop zone with the template link */
  help: ReactNode;
  /** the drop zone's hint before a file is chosen */
  hint?: string;
  template: { name: string; text: string };
  uploadText: string;
  upload: (file: File, onProgress: (percent: number) => void) => Promise<R>;
  /** the report's headline: applied (what was written) or refused (how many lines failed) */
  summary: (report: R) => string;
  columns: ColumnsType<R['rows'][number]>;
  rowKey: string;
  onClose: () => void;
  onApplied: (report: R) => void;
  /** said above the drop zone (e.g. that the upload will wait for a second administrator) */
  notice?: ReactNode;
}

/**
 * The one CSV import dialog (stocks, new-share allotments): choose a file (checked before it goes), upload it with a
 * progress bar, then read the per-line report. All lines or none: when a line fails the server writes nothing and
 * answers the report with its refusal; the failed lines are shown first, the rest behind a switch.
 */
export function CsvImportModal<R extends ImportReport>(p: CsvImportModalProps<R>) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [report, setReport] = useState<R | null>(null);
  const [onlyFailed, setOnlyFailed] = useState(true);
  const uploading = percent !== null && !report;

  useEffect(() => {
    if (!p.open) return;
    setFile(null);
    setPercent(null);
    setReport(null);
    setOnlyFailed(true);
  }, [p.open]);

  const upload = async () => {
    if (!file) return;
    setReport(null);
    setPercent(0);
    try {
      const r = await p.upload(file, setPercent);
      setReport(r);
      p.onApplied(r);
    } catch (e) {
      // lines failed: the report came with the refusal (whose message the request client showed)
      const refused = refusedReport<R>(e);
      if (refused) setReport(refused);
      else if (isHeldError(e))
        p.onClose(); // held for a second administrator: the queue has it
      else setPercent(null);
    }
  };

  const rows = report ? reportRows(report, onlyFailed) : [];
  return (
    <Modal
      open={p.open}
      title={p.title}
      width={p.width ?? 720}
      onCancel={p.onClose}
      maskClosable={!uploading}
      footer={
        <Space>
          <Button onClick={p.onClose}>{t(report?.applied ? 'common.close' : 'common.cancel')}</Button>
          {!report?.applied && (
            <Button type="primary" disabled={!file} loading={uploading} onClick={() => void upload()} data-testid={`${p.testId}-upload`}>
              {p.uploadText}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid={p.testId}>
        {p.notice}
        <Upload.Dragger
          accept=".csv,text/csv"
          maxCount={1}
          showUploadList={false}
          disabled={uploading}
          beforeUpload={(f) => {
            const problem = importFileProblem(f);
            if (problem) feedback.message.error(t(`csvImport.file.${problem}`, { mb: IMPORT_MAX_BYTES / 1024 / 1024 }));
            else {
              setFile(f);
              setReport(null);
              setPercent(null);
            }
            return Upload.LIST_IGNORE;
          }}
          data-testid={`${p.testId}-file`}
        >
          <p className="ant-upload-drag-icon">{file ? <FileTextOutlined /> : <InboxOutlined />}</p>
          <p className="ant-upload-text">{file ? file.name : t('csvImport.choose')}</p>
          {(file || p.hint) && <p className="ant-upload-hint">{file ? formatSize(file.size) : p.hint}</p>}
        </Upload.Dragger>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {p.help}{' '}
          <a onClick={() => saveCsvText(p.template.name, p.template.text)} data-testid={`${p.testId}-template`}>
            {t('csvImport.template')}
          </a>
        </Typography.Paragraph>
        {percent !== null && (
          <Progress
            percent={percent}
            status={report ? (report.applied ? 'success' : 'exception') : 'active'}
            aria-label={t('csvImport.checking')}
            data-testid={`${p.testId}-progress`}
          />
        )}
        {uploading && percent === 100 && <Typography.Text type="secondary">{t('csvImport.checking')}</Typography.Text>}
        {report && (
          <div style={{ marginTop: 12 }} data-testid={`${p.testId}-report`}>
            <Alert showIcon type={report.applied ? 'success' : 'error'} message={p.summary(report)} style={{ marginBottom: 12 }} />
            {!report.applied && (
              <Space style={{ marginBottom: 8 }}>
                <Switch size="small" checked={onlyFailed} onChange={setOnlyFailed} />
                <span>{t('csvImport.onlyFailed')}</span>
              </Space>
            )}
            <Table<R['rows'][number]>
              size="small"
              rowKey={p.rowKey}
              columns={p.columns}
              dataSource={rows}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
