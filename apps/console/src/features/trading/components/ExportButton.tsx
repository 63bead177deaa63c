import { useState, type MutableRefObject } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Endpoint } from '@stock-admin/contracts';
import { Access } from '../../../lib/access';
import { downloadExport } from '../../../lib/download';

/**
 * 导出 of a trading list: the filters of its last request (kept in `filters` by the page), every matching
 * row streamed as CSV by the server. Shown only with the export permission (the server checks it too).
 */
export function ExportButton({
  endpoint,
  filters,
  name,
  testId,
}: {
  endpoint: Endpoint;
  filters: MutableRefObject<Record<string, unknown>>;
  name: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport(endpoint, { ...filters.current }, `${name}-${dayjs().format('YYYYMMDD')}.csv`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Access action="export">
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
        {t('trading.common.export')}
      </Button>
    </Access>
  );
}
