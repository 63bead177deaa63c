import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import { FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STOCK_IMPORT_MAX_ROWS, type StockImportData } from '@stock-admin/contracts';
import { saveCsvText } from '../../../lib/download';
import { feedback } from '../../../lib/feedback';
import { stockCalls } from '../api';
import { IMPORT_TEMPLATE, importFileProblem, refusedReport, reportRows } from '../../../shared/importFile';
import { formatCount, formatSize } from '../../../shared/money';

type Row = StockImportData['rows'][number];
const RESULT_COLOR: Record<Row['result'], string> = { added: 'green', updated: 'blue', failed: 'red', skipped: 'default' };

/**
 * The stock CSV import: choose a file (columns code,name,market[,spreadRate,shown]), upload it with a
 * progress bar, then read the per-row report. All lines or none: when a line fails the server writes
 * nothing and the report lists the failed lines (the others are "skipped").
 */
export function ImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [report, setReport] = useState<StockImportData | null>(null);
  const [all, setAll] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setPercent(null);
    setReport(null);
    setAll(false);
  }, [open]);

  const uploading = percent !== null && !report;

  const upload = async () => {
    if (!file) return;
    setReport(null);
    setPercent(0);
    try {
      const r = await stockCalls.stockImport(file, setPercent);
      setReport(r);
      feedback.message.success(t('products.import.done', { added: r.added, updated: r.updated }));
      onImported();
    } catch (e) {
      // Lines failed: the report came with the refusal (its message was shown by the client).
      const refused = refusedReport(e);
      if (refused) setReport(refused);
      else setPercent(null);
    }
  };

  const columns = [
    { title: t('products.import.row'), dataIndex: 'row', width: 70 },
    { title: t('products.col.code'), dataIndex: 'code', width: 100, render: (v: string) => v || '-' },
    {
      title: t('products.import.result'),
      dataIndex: 'result',
      width: 100,
      render: (v: Row['result']) => <Tag color={RESULT_COLOR[v]}>{t(`products.import.results.${v}`)}</Tag>,
    },
    { title: t('products.import.reason'), dataIndex: 'reason', render: (v: string | null) => v || '-' },
  ];

  const choose = (
    <>
      <Upload.Dragger
        accept=".csv,text/csv"
        maxCount={1}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(f) => {
          const problem = importFileProblem(f);
          if (problem) feedback.message.error(t(`products.import.file.${problem}`));
          else {
            setFile(f);
            setReport(null);
            setPercent(null);
          }
          return Upload.LIST_IGNORE;
        }}
        data-testid="stock-import-file"
      >
        <p className="ant-upload-drag-icon">{file ? <FileTextOutlined /> : <InboxOutlined />}</p>
        <p className="ant-upload-text">{file ? file.name : t('products.import.choose')}</p>
        <p className="ant-upload-hint">
          {file ? formatSize(file.size) : t('products.import.hint', { max: formatCount(STOCK_IMPORT_MAX_ROWS) })}
        </p>
      </Upload.Dragger>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('products.import.columns')} <Typography.Text code>code,name,market[,spreadRate,shown]</Typography.Text>{' '}
        <a onClick={() => saveCsvText(t('products.import.templateName'), IMPORT_TEMPLATE)} data-testid="stock-import-template">
          {t('products.import.template')}
        </a>
      </Typography.Paragraph>
    </>
  );

  return (
    <Modal
      open={open}
      title={t('products.import.title')}
      width={720}
      onCancel={onClose}
      maskClosable={!uploading}
      footer={
        <Space>
          <Button onClick={onClose}>{t(report?.applied ? 'products.common.close' : 'products.common.cancel')}</Button>
          {!report?.applied && (
            <Button type="primary" disabled={!file} loading={uploading} onClick={() => void upload()} data-testid="stock-import-upload">
              {t('products.import.upload')}
            </Button>
          )}
        </Space>
      }
    >
      <div data-testid="stock-import">
        {choose}
        {percent !== null && (
          <Progress
            percent={percent}
            status={report ? (report.applied ? 'success' : 'exception') : 'active'}
            data-testid="stock-import-progress"
          />
        )}
        {uploading && percent === 100 && <Typography.Text type="secondary">{t('products.import.checking')}</Typography.Text>}
        {report && (
          <div style={{ marginTop: 12 }} data-testid="stock-import-report">
            <Alert
              showIcon
              type={report.applied ? 'success' : 'error'}
              message={
                report.applied
                  ? t('products.import.applied', { added: report.added, updated: report.updated })
                  : t('products.import.refused', { count: report.failed })
              }
              style={{ marginBottom: 12 }}
            />
            {!report.applied && (
              <Space style={{ marginBottom: 8 }}>
                <Switch size="small" checked={all} onChange={setAll} />
                <span>{t('products.import.showAll')}</span>
              </Space>
            )}
            <Table<Row>
              size="small"
              rowKey="row"
              columns={columns}
              dataSource={reportRows(report, all)}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
            />
          </div>
        )}
      </div>
    </Modal>
  );
}
