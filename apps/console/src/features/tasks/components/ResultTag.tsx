import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TaskResult } from '@stock-admin/contracts';

const RESULT_COLOR: Record<TaskResult, string> = { running: 'processing', ok: 'green', error: 'red', interrupted: 'orange' };

/** A task run's result (or 从未运行 when it never ran). */
export function ResultTag({ result }: { result: TaskResult | null }) {
  const { t } = useTranslation();
  if (!result) return <Typography.Text type="secondary">{t('tasks.never')}</Typography.Text>;
  return (
    <Tag color={RESULT_COLOR[result]} data-testid="task-result">
      {t(`tasks.resultOf.${result}`)}
    </Tag>
  );
}
