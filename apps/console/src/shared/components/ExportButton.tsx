import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Endpoint, InputOf } from '@stock-admin/contracts';
import { Access } from '../../lib/access';
import { downloadExport } from '../../lib/download';

/**
 * 导出 of a list: every row matching the filters of its last request (`filters`, read when clicked), streamed as CSV
 * by the server and saved as `<name>-YYYYMMDD.csv`. Shown only with the page's export action (the server checks it too).
 */
export function ExportButton<E extends Endpoint>({
  endpoint,
  filters,
  name,
  testId,
}: {
  endpoint: E;
  filters: () => InputOf<E> | Record<string, unknown>;
  name: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport(
        endpoint,
        { ...(filters() as Record<string, unknown>) } as InputOf<E>,
        `${name}-${dayjs().format('YYYYMMDD')}.csv`,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Access action="export">
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
        {t('table.export')}
      </Button>
    </Access>
  );
}
