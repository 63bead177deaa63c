import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of the push messages: pages of the /account section, which app/routes.tsx assembles.
const MessageTemplates = lazyPage(() => import('./pages/MessageTemplates'));
const MessageLog = lazyPage(() => import('./pages/MessageLog'));

export const messagesPages = {
  push: { path: '/account/push', titleKey: 'messages.menu.push', permission: 'push', keepAlive: true, component: MessageTemplates },
  pushlist: { path: '/account/pushlist', titleKey: 'messages.menu.pushlist', permission: 'push', keepAlive: true, component: MessageLog },
} satisfies Record<string, PageRoute<LazyPage>>;
