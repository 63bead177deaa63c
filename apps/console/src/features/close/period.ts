import type { Dayjs } from 'dayjs';
import { platformToday } from '../../lib/timeZone';

/** The period an agent statement opens on: this month so far. */
export const defaultPeriod = (): [Dayjs, Dayjs] => [platformToday().startOf('month'), platformToday()];
