import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of the messages: push messages (pages of the /account section) and station messages (a page
// of /logmanage; its title stays `messages.menu.stationmessage`, among the section's titles), which app/routes.tsx
// assembles.
const MessageTemplates = lazyPage(() => import('./pages/MessageTemplates'));
const MessageLog = lazyPage(() => import('./pages/MessageLog'));
const StationMessage = lazyPage(() => import('./pages/StationMessage'));

export const messagesPages = {
  push: { path: '/account/push', titleKey: 'messages.menu.push', permission: 'push', keepAlive: true, component: MessageTemplates },
  pushlist: { path: '/account/pushlist', titleKey: 'messages.menu.pushlist', permission: 'push', keepAlive: true, component: MessageLog },
  stationmessage: {
    path: '/logmanage/stationmessage',
    titleKey: 'messages.menu.stationmessage',
    permission: 'stationmessage',
    keepAlive: true,
    component: StationMessage,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
