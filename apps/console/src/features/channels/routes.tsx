import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of the channel screens: pages of the /capital section, which app/routes.tsx assembles.
// The spec's Sections table spells the last one `layleringlist` (its path here); the permission key is layeringlist.
const ChannelList = lazyPage(() => import('./pages/ChannelList'));
const LayeringList = lazyPage(() => import('./pages/LayeringList'));

export const channelsPages = {
  channallist: {
    path: '/capital/channallist',
    titleKey: 'channels.menu.channallist',
    permission: 'channallist',
    keepAlive: true,
    component: ChannelList,
  },
  layleringlist: {
    path: '/capital/layleringlist',
    titleKey: 'channels.menu.layeringlist',
    permission: 'layeringlist',
    keepAlive: true,
    component: LayeringList,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
