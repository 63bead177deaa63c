import '../tasks.css';
import { useState } from 'react';
import { Button, Drawer, Popover, Select, Space, Table, Typography, type TableColumnsType } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TASK_RESULTS, type TaskRecord, type TaskResult, type TaskRun } from '@stock-admin/contracts';
import { useServerPage } from '../../../lib/proTable';
import { taskCalls } from '../api';
import { fmtDuration, fmtTime, prettyJson } from '../../../shared/format';
import { ResultTag } from './ResultTag';

/** Run history of one task (or all), newest first. */
export function RunsDrawer({ task, onClose }: { task: TaskRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { page, setPage, pagination } = useServerPage();
  const [result, setResult] = useState<TaskResult | undefined>();
  const [trigger, setTrigger] = useState<'schedule' | 'manual' | undefined>();
  const q = useQuery({
    queryKey: ['logs', 'taskRuns', task.key, page, result, trigger],
    queryFn: () => taskCalls.runs({ ...page, taskKey: task.key, result, trigger }),
    placeholderData: (prev) => prev,
    refetchInterval: (query) => (query.state.data?.list.some((r) => r.result === 'running') ? 2000 : false),
  });
  const columns: TableColumnsType<TaskRun> = [
    { title: t('tasks.startedAt'), dataIndex: 'startedAt', width: 170, render: (v: string) => fmtTime(v) },
    {
      title: t('tasks.trigger'),
      dataIndex: 'trigger',
      width: 150,
      render: (v: string, r) => (
        <span data-testid="run-trigger">
          {t(`tasks.triggers.${v}`, { defaultValue: v })}
          {r.adminName ? ` · ${r.adminName}` : ''}
        </span>
      ),
    },
    { title: t('tasks.result'), dataIndex: 'result', width: 100, render: (v: TaskResult) => <ResultTag result={v} /> },
    { title: t('tasks.duration'), dataIndex: 'durationMs', width: 100, render: (v: number | null) => fmtDuration(v) },
    {
      title: t('tasks.details'),
      key: 'details',
      render: (_, r) => (
        <Space direction="vertical" size={0}>
          {r.error && (
            <Typography.Text type="danger" className="task-error" ellipsis={{ tooltip: r.error }}>
              {r.error}
            </Typography.Text>
          )}
          {r.summary != null && (
            <Popover content={<pre style={{ margin: 0, maxWidth: 480, maxHeight: 320, overflow: 'auto' }}>{prettyJson(r.summary)}</pre>}>
              <a>{t('tasks.summary')}</a>
            </Popover>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Drawer open width={820} title={t('tasks.historyTitle', { name: task.name })} onClose={onClose} destroyOnHidden>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('tasks.result')}
          value={result}
          onChange={(v) => {
            setResult(v);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          options={TASK_RESULTS.map((r) => ({ value: r, label: t(`tasks.resultOf.${r}`) }))}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          placeholder={t('tasks.trigger')}
          value={trigger}
          onChange={(v) => {
            setTrigger(v);
            setPage((p) => ({ ...p, pageNum: 1 }));
          }}
          options={(['schedule', 'manual'] as const).map((v) => ({ value: v, label: t(`tasks.triggers.${v}`) }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void q.refetch()} aria-label={t('tasks.reload')} />
      </Space>
      <Table<TaskRun>
        rowKey="id"
        size="small"
        loading={q.isFetching && !q.data}
        columns={columns}
        dataSource={q.data?.list ?? []}
        data-testid="task-runs"
        pagination={pagination(q.data?.total ?? 0)}
      />
    </Drawer>
  );
}
