import { feedback } from '../../../lib/feedback';
import { RequestError } from '../../../lib/request';

/**
 * A silent load failed: show the screen's own failure text (获取数据失败 / 获取渠道列表失败), unless the
 * session is ending (the client already showed that notice) or the load was cancelled.
 */
export function reportLoadFailure(err: unknown, text: string): void {
  if (err instanceof RequestError && (err.kind === 'login' || err.kind === 'unauthorized')) return;
  if (err instanceof RequestError && err.kind === 'network' && err.message === 'aborted') return;
  feedback.message.error(text);
}
