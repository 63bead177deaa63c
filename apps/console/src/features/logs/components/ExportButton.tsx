import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { downloadExport } from '../../../lib/download';

/** Export of a log list with its current filters (shown to roles with the export action). */
export function ExportButton({
  endpoint,
  filters,
  name,
  testId,
}: {
  endpoint: Endpoint;
  filters: () => Record<string, unknown>;
  name: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Access action="export">
      <Button
        icon={<DownloadOutlined />}
        loading={busy}
        data-testid={testId ?? 'log-export'}
        onClick={async () => {
          setBusy(true);
          try {
            await downloadExport(endpoint, filters(), `${name}.csv`);
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('logs.export')}
      </Button>
    </Access>
  );
}
