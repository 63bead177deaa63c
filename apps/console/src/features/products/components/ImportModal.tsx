import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STOCK_CSV_COLUMNS, STOCK_IMPORT_MAX_ROWS, type StockImportData } from '@stock-admin/contracts';
import { feedback } from '../../../lib/feedback';
import { CsvImportModal } from '../../../shared/components/CsvImportModal';
import { formatCount } from '../../../shared/money';
import { stockCalls } from '../api';

type Row = StockImportData['rows'][number];
const RESULT_COLOR: Record<Row['result'], string> = { added: 'green', updated: 'blue', failed: 'red', skipped: 'default' };

/** A template with the header (code,name,market,spreadRate,shown) and two example lines, UTF-8 with BOM. */
export const IMPORT_TEMPLATE = `\uFEFF${STOCK_CSV_COLUMNS.join(',')}\n600519,贵州茅台,sh,0.001,true\n300750,宁德时代,sz,,\n`;

/** The stock CSV import (columns code,name,market[,spreadRate,shown]): added or updated by code, all lines or none. */
export function ImportModal({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  return (
    <CsvImportModal<StockImportData>
      open={open}
      title={t('products.import.title')}
      testId="stock-import"
      hint={t('products.import.hint', { max: formatCount(STOCK_IMPORT_MAX_ROWS) })}
      help={
        <>
          {t('products.import.columns')} <Typography.Text code>code,name,market[,spreadRate,shown]</Typography.Text>
        </>
      }
      template={{ name: t('products.import.templateName'), text: IMPORT_TEMPLATE }}
      uploadText={t('products.import.upload')}
      upload={(file, onProgress) => stockCalls.stockImport(file, onProgress)}
      summary={(r) =>
        r.applied ? t('products.import.applied', { added: r.added, updated: r.updated }) : t('products.import.refused', { count: r.failed })
      }
      rowKey="row"
      columns={[
        { title: t('products.import.row'), dataIndex: 'row', width: 70 },
        { title: t('products.col.code'), dataIndex: 'code', width: 100, render: (v: string) => v || '-' },
        {
          title: t('products.import.result'),
          dataIndex: 'result',
          width: 100,
          render: (v: Row['result']) => <Tag color={RESULT_COLOR[v]}>{t(`products.import.results.${v}`)}</Tag>,
        },
        { title: t('products.import.reason'), dataIndex: 'reason', render: (v: string | null) => v || '-' },
      ]}
      onClose={onClose}
      onApplied={(r) => {
        feedback.message.success(t('products.import.done', { added: r.added, updated: r.updated }));
        onImported();
      }}
    />
  );
}
