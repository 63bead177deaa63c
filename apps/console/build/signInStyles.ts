// Prints the CSS that antd's CSS-in-JS makes for the sign-in page (its form, inputs and button, and the spinner the
// sign-in layout shows while a page loads — layouts/UserLayout.tsx), in the console's default theme, with cssinjs's
// map of what it holds: run by build/antdSignInStyles.ts at build time, in production mode (the class hashes are
// those of the built console).
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider, Form, Input, Spin } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { consoleTheme } from '../src/app/antdTheme';
import { DEFAULT_SITE_STYLE } from '../src/lib/contracts-lite';

const cache = createCache();
renderToString(
  h(
    StyleProvider,
    { cache },
    h(
      ConfigProvider,
      { theme: consoleTheme(DEFAULT_SITE_STYLE, false) },
      h(
        Form,
        { size: 'large' },
        h(Form.Item, { name: 'a' }, h(Input, { prefix: h(LockOutlined) })),
        h(Form.Item, { name: 'b' }, h(Input.Password, { prefix: h(LockOutlined) })),
        h(Form.Item, null, h(Button, { type: 'primary', block: true }, 'x')),
      ),
      h(Spin, { size: 'large' }),
    ),
  ),
);
process.stdout.write(extractStyle(cache, { plain: true, types: ['style'] }));
