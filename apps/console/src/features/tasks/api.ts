import { tasksApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of 定时任务 (scheduled tasks). */
export const taskCalls = {
  list: () => call(tasksApi.list, { pageNum: 1, pageSize: 100 }),
  runs: (q: InputOf<typeof tasksApi.runs>) => call(tasksApi.runs, q),
  update: (q: InputOf<typeof tasksApi.update>) => call(tasksApi.update, q),
  /** Answers within a few seconds with the run (finished or still running): a longer time-out than usual. */
  run: (key: string) => call(tasksApi.run, { key }, { timeout: 30_000 }),
};
