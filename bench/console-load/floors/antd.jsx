// The floor with antd (issue 52): the console's sign-in form reduced to what antd itself costs — React, antd's
// ConfigProvider with the Chinese locale, a Form with two inputs and a button, two icons — and nothing of the console.
import { createRoot } from 'react-dom/client';
import { Button, ConfigProvider, Form, Input } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { LockOutlined, UserOutlined } from '@ant-design/icons';

function SignIn() {
  return (
    <div style={{ width: 328, margin: '120px auto' }}>
      <Form name="login" size="large">
        <Form.Item name="username">
          <Input prefix={<UserOutlined />} placeholder="账户" />
        </Form.Item>
        <Form.Item name="password">
          <Input.Password prefix={<LockOutlined />} placeholder="密码" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block data-testid="login-submit">
            登录
          </Button>
        </Form.Item>
      </Form>
    </div>
  );
}
createRoot(document.getElementById('root')).render(
  <ConfigProvider locale={zhCN}>
    <SignIn />
  </ConfigProvider>,
);
