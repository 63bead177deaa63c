import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BatchAllotData, IssueItem } from '@stock-admin/contracts';
import { HeldHint } from '../../../shared/approvalHint';
import { CsvImportModal } from '../../../shared/components/CsvImportModal';
import { formatCode } from '../../../shared/money';
import { newsharesCalls } from '../api';

type Row = BatchAllotData['rows'][number];
const TEMPLATE = '\uFEFForderNo,phone,allotted\nN2026112500000001,,1000\n,13800000000,0\n';

/**
 * Batch allotment of one issue from a CSV (orderNo or phone, allotted), through the one import dialog. All lines or
 * none: a failed line leaves every subscription as it was.
 */
export function AllotCsvModal({ issue, onClose, onDone }: { issue: IssueItem | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <CsvImportModal<BatchAllotData>
      open={!!issue}
      title={issue ? t('newshares.csv.title', { name: `${issue.name} ${formatCode(issue)}` }) : ''}
      testId="allot-csv"
      width={760}
      help={t('newshares.csv.hint')}
      template={{ name: 'allotment.csv', text: TEMPLATE }}
      uploadText={t('newshares.csv.upload')}
      upload={(file, onProgress) => newsharesCalls.batchAllot(issue?.id ?? 0, file, onProgress)}
      summary={(r) =>
        r.applied
          ? t('newshares.csv.applied', { allotted: r.allotted, notAllotted: r.notAllotted })
          : t('newshares.csv.refused', { count: r.failed })
      }
      rowKey="line"
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
      onClose={onClose}
      onApplied={onDone}
      notice={<HeldHint operation="newshare.allot" />}
    />
  );
}
