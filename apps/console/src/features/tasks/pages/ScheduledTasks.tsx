import { useState } from 'react';
import { Button, Card, Popconfirm, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { HistoryOutlined, PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TaskRecord, TaskResult } from '@stock-admin/contracts';
import { useAccess } from '../../../lib/access';
import { feedback } from '../../../lib/feedback';
import { taskCalls } from '../api';
import { fmtDuration, fmtTime } from '../../../shared/format';
import { timeZoneName } from '../../../lib/timeZone';
import '../tasks.css';
import { ResultTag } from '../components/ResultTag';
import { RunsDrawer } from '../components/RunsDrawer';
import { ScheduleModal } from '../components/ScheduleModal';

/** 定时任务: each job with its schedule and last run; enable/disable, run now, run history. */
export default function ScheduledTasks() {
  const { t } = useTranslation();
  const { can } = useAccess();
  const qc = useQueryClient();
  const [history, setHistory] = useState<TaskRecord | null>(null);
  const [scheduling, setScheduling] = useState<TaskRecord | null>(null);
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const q = useQuery({
    queryKey: ['logs', 'tasks'],
    queryFn: () => taskCalls.list(),
    refetchInterval: (query) => (query.state.data?.list.some((x) => x.running) ? 2000 : false),
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ['logs', 'tasks'] });
    void qc.invalidateQueries({ queryKey: ['logs', 'taskRuns'] });
  };
  const withBusy = async (key: string, fn: () => Promise<void>) => {
    setBusy((b) => ({ ...b, [key]: true }));
    try {
      await fn();
    } catch {
      /* shown by the client */
    } finally {
      setBusy((b) => ({ ...b, [key]: false }));
      refresh();
    }
  };
  const toggle = (task: TaskRecord, enabled: boolean) =>
    withBusy(`switch-${task.key}`, async () => {
      await taskCalls.update({ key: task.key, enabled });
      feedback.message.success(t(enabled ? 'tasks.enabled' : 'tasks.disabled'));
    });
  const runNow = (task: TaskRecord) =>
    withBusy(`run-${task.key}`, async () => {
      const run = await taskCalls.run(task.key);
      if (run.result === 'ok') feedback.message.success(t('tasks.runOk', { duration: fmtDuration(run.durationMs) }));
      else if (run.result === 'running') feedback.message.info(t('tasks.runStarted'));
      else feedback.message.error(t('tasks.runFailed', { error: run.error ?? run.result }));
    });

  const canEdit = can('edit');
  const columns: TableColumnsType<TaskRecord> = [
    {
      title: t('tasks.name'),
      dataIndex: 'name',
      width: 200,
      render: (v: string, r) => (
        <div>
          <div>{v}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.key}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: t('tasks.schedule'),
      dataIndex: 'schedule',
      width: 170,
      render: (v: string, r) => (
        <Space size={4} wrap>
          <Typography.Text code>{v}</Typography.Text>
          {v !== r.defaultSchedule && (
            <Tooltip title={t('tasks.defaultIs', { def: r.defaultSchedule })}>
              <Tag color="blue">{t('tasks.custom')}</Tag>
            </Tooltip>
          )}
          {canEdit && (
            <a onClick={() => setScheduling(r)} data-testid={`task-schedule-${r.key}`}>
              {t('tasks.change')}
            </a>
          )}
        </Space>
      ),
    },
    {
      title: t('tasks.enabledCol'),
      dataIndex: 'enabled',
      width: 100,
      render: (v: boolean, r) =>
        canEdit && can(v ? 'disable' : 'enable') ? (
          <Switch
            checked={v}
            loading={busy[`switch-${r.key}`]}
            onChange={(on) => void toggle(r, on)}
            aria-label={`${t('tasks.enabledCol')} · ${r.key}`}
            data-testid={`task-switch-${r.key}`}
          />
        ) : (
          <Tag color={v ? 'green' : 'default'}>{v ? t('tasks.on') : t('tasks.off')}</Tag>
        ),
    },
    {
      title: t('tasks.lastRun'),
      dataIndex: 'lastRunAt',
      width: 180,
      render: (v: string | null, r) =>
        r.running ? (
          <Tag color="processing">{t('tasks.resultOf.running')}</Tag>
        ) : (
          <div>
            <div data-testid={`task-last-${r.key}`}>{fmtTime(v)}</div>
            {r.lastDurationMs != null && <Typography.Text type="secondary">{fmtDuration(r.lastDurationMs)}</Typography.Text>}
          </div>
        ),
    },
    { title: t('tasks.result'), dataIndex: 'lastResult', width: 100, render: (v: TaskResult | null) => <ResultTag result={v} /> },
    {
      title: t('tasks.error'),
      dataIndex: 'lastError',
      width: 200,
      render: (v: string | null) =>
        v ? (
          <Typography.Text type="danger" className="task-error" ellipsis={{ tooltip: v }}>
            {v}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    { title: t('tasks.nextRun'), dataIndex: 'nextRunAt', width: 170, render: (v: string | null, r) => (r.enabled ? fmtTime(v) : '-') },
    {
      title: t('tasks.actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      render: (_, r) => (
        <Space size={12}>
          {canEdit && (
            <Popconfirm title={t('tasks.runConfirm', { name: r.name })} onConfirm={() => runNow(r)} disabled={r.running}>
              <Button
                type="link"
                size="small"
                icon={<PlayCircleOutlined />}
                disabled={r.running}
                loading={busy[`run-${r.key}`]}
                data-testid={`task-run-${r.key}`}
              >
                {t('tasks.runNow')}
              </Button>
            </Popconfirm>
          )}
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => setHistory(r)} data-testid={`task-history-${r.key}`}>
            {t('tasks.history')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="page-scheduledtasks">
      <Card
        title={t('tasks.menu.scheduledtasks')}
        extra={
          <Tooltip title={t('tasks.reload')}>
            <Button
              type="text"
              icon={<ReloadOutlined />}
              onClick={() => void q.refetch()}
              aria-label={t('tasks.reload')}
              data-testid="tasks-reload"
            />
          </Tooltip>
        }
      >
        <Typography.Paragraph type="secondary">{t('tasks.intro', { zone: timeZoneName() })}</Typography.Paragraph>
        <Table<TaskRecord>
          rowKey="key"
          loading={q.isFetching && !q.data}
          columns={columns}
          dataSource={q.data?.list ?? []}
          pagination={false}
          scroll={{ x: 1360 }}
          data-testid="tasks-table"
        />
      </Card>
      {history && <RunsDrawer task={history} onClose={() => setHistory(null)} />}
      {scheduling && (
        <ScheduleModal
          task={scheduling}
          onClose={() => setScheduling(null)}
          onSaved={() => {
            setScheduling(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
