import { Button, Result, Space, Spin } from 'antd';
import { DownloadOutlined, FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveSheetCsv, saveSheetXlsx, type Sheet } from '../../../shared/sheet';

/**
 * The bar above a statement (a day's, an agent's): its own controls, then print, CSV and Excel of the rows `sheet`
 * makes (null while the statement loads). Kept off paper when printed.
 */
export function StatementBar({ children, sheet, testId }: { children: React.ReactNode; sheet: (() => Sheet) | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap className="close-noprint" style={{ marginBottom: 12 }}>
      {children}
      <Button icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!sheet}>
        {t('close.print')}
      </Button>
      <Button icon={<DownloadOutlined />} onClick={() => sheet && saveSheetCsv(sheet())} disabled={!sheet} data-testid={`${testId}-csv`}>
        {t('close.exportCsv')}
      </Button>
      <Button
        icon={<FileExcelOutlined />}
        onClick={() => sheet && void saveSheetXlsx(sheet())}
        disabled={!sheet}
        data-testid={`${testId}-xlsx`}
      >
        {t('close.exportXlsx')}
      </Button>
    </Space>
  );
}

/** What a statement page shows before its statement: the bar and a spinner, or the bar under the refusal. */
export function StatementPending({ bar, error }: { bar: React.ReactNode; error: Error | null }) {
  if (error) return <Result status="warning" title={error.message} extra={bar} />;
  return (
    <div>
      {bar}
      <Spin />
    </div>
  );
}
