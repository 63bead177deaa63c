import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd';
import './app/i18n';
import { App } from './app/App';
import { userRoutes } from './app/userRoutes';
import { installSoundUnlock } from './lib/sound';

// antd 5 on React 19: static message/notification/Modal functions render through createRoot.
unstableSetRender((node, container) => {
  const c = container as Element & { _reactRoot?: Root };
  c._reactRoot ??= createRoot(container);
  c._reactRoot.render(node);
  return async () => {
    await new Promise((r) => setTimeout(r, 0));
    c._reactRoot?.unmount();
    delete c._reactRoot;
  };
});

installSoundUnlock();

// The sign-in layout's page the address opens (the sign-in form, mostly) is fetched now with the console's own code,
// and the console renders once it is in: a page that suspends is held back by React for up to 300 ms after its
// fallback showed (the sign-in form took 1.1 s to replace the plain one, ≈ 0.8 s of it idle).
const opened = location.hash.replace(/^#/, '').split('?')[0];
const page = userRoutes.find((r) => r.path === opened)?.component.preload();
const render = () => createRoot(document.getElementById('root')!).render(<App />);
if (page) void page.then(render, render);
else render();
