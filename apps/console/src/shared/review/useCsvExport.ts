import { useRef, useState } from 'react';
import dayjs from 'dayjs';
import type { Endpoint, InputOf } from '@stock-admin/contracts';
import { downloadExport } from '../../lib/download';

/**
 * The filters of the list's last request (set them from the table's `request`) and the CSV export of
 * the same filters as `<prefix>-YYYYMMDD.csv`.
 */
export function useCsvExport<E extends Endpoint>(endpoint: E, prefix: string) {
  const lastFilters = useRef<InputOf<E>>({} as InputOf<E>);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadExport(endpoint, lastFilters.current, `${prefix}-${dayjs().format('YYYYMMDD')}.csv`);
    } finally {
      setExporting(false);
    }
  };
  return { lastFilters, exporting, exportCsv };
}
