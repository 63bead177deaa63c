import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ModalFuncProps } from 'antd/es/modal/interface';

/**
 * Messages, notices and dialogs usable outside React (the request client, the session, stores, the
 * socket). `app/providers.tsx` binds context-aware message/notification instances (theme and locale
 * follow the console); the shell binds `modal` (antd Modal is not part of the sign-in chunk). Until then,
 * and in unit tests, static fallbacks are used. Tests may call `bindFeedback()` with spies.
 */
export interface Feedback {
  message: Pick<MessageInstance, 'error' | 'info' | 'success' | 'warning'>;
  notification: Pick<NotificationInstance, 'error' | 'info' | 'success' | 'warning' | 'destroy'>;
  modal: { confirm: (config: ModalFuncProps) => unknown };
}

export const feedback: Feedback = {
  message: staticMessage,
  notification: staticNotification,
  modal: { confirm: (config) => void import('antd/es/modal').then((m) => m.default.confirm(config)) },
};

export function bindFeedback(f: Partial<Feedback>): void {
  Object.assign(feedback, f);
}
