import { logsApi } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** The signed-in admin's own sign-ins (the login log filtered by username). */
export const myLogins = (username: string, page: { pageNum: number; pageSize: number }) => call(logsApi.loginList, { ...page, username });
