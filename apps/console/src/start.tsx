import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd';
import './app/i18n';
import { App } from './app/App';
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

createRoot(document.getElementById('root')!).render(<App />);
