// The floor without antd (issue 52): the same form as plain React elements — what React alone costs.
import { createRoot } from 'react-dom/client';

function SignIn() {
  return (
    <form id="login" style={{ width: 328, margin: '120px auto', display: 'grid', gap: 24 }}>
      <input id="login_username" placeholder="账户" />
      <input id="login_password" type="password" placeholder="密码" />
      <button type="submit" data-testid="login-submit">
        登录
      </button>
    </form>
  );
}
createRoot(document.getElementById('root')).render(<SignIn />);
