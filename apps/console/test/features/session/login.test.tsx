import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { changeLang } from '../../../src/app/i18n';
import Login from '../../../src/features/session/pages/Login';
import { clearToken, getToken } from '../../../src/lib/auth';
import { requestEnv } from '../../../src/lib/request';
import { getStoredUserId } from '../../../src/lib/storage';
import { fakeFetch, ok, spyFeedback } from '../../helpers';

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderLogin(entry = '/user/login?redirect=%2Fdashboard%2Fworkplace%3Ftab%3D2') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/user/login" element={<Login />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

beforeEach(async () => {
  await changeLang('zh-CN');
  clearToken();
});

describe('sign-in page', () => {
  it('signs in, stores the token and the admin id, and continues to the redirect', async () => {
    const f = fakeFetch(() => ok({ token: 'tok-9', expireTime: Date.now() + 3600_000, id: 9 }));
    requestEnv.fetch = f.fn as never;
    const { container } = renderLogin();
    type('用户名', 'admin');
    type('密码', 'admin123');
    fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/workplace?tab=2'));
    expect(f.calls[0]!.url).toBe('/api/adminUser/login.do');
    expect(f.calls[0]!.init.body).toBe('username=admin&password=admin123');
    expect(getToken()).toBe('tok-9');
    expect(getStoredUserId()).toBe(9);
  });

  it('asks for the authenticator code when the server says so, then sends it', async () => {
    const fb = spyFeedback();
    const f = fakeFetch((c) =>
      String(c.init.body).includes('googleCode')
        ? ok({ token: 'tok-2', expireTime: Date.now() + 3600_000, id: 2 })
        : { body: { status: 1, msg: '请输入谷歌验证码', data: { needGoogleCode: true } } },
    );
    requestEnv.fetch = f.fn as never;
    const { container } = renderLogin('/user/login');
    expect(screen.queryByPlaceholderText('谷歌验证码')).toBeNull();
    type('用户名', 'admin');
    type('密码', 'admin123');
    fireEvent.submit(container.querySelector('form')!);
    expect(await screen.findByPlaceholderText('谷歌验证码')).toBeTruthy();
    expect(fb.message.error).toHaveBeenCalledWith('请输入谷歌验证码');
    expect(getToken()).toBeNull();
    type('谷歌验证码', '123456');
    fireEvent.submit(container.querySelector('form')!);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/workplace'));
    expect(f.calls[1]!.init.body).toBe('username=admin&password=admin123&googleCode=123456');
  });

  it('validates required fields in the current language', async () => {
    await changeLang('en-US');
    const f = fakeFetch(() => ok(null));
    requestEnv.fetch = f.fn as never;
    const { container } = renderLogin('/user/login');
    fireEvent.submit(container.querySelector('form')!);
    expect(await screen.findByText('Please enter your username')).toBeTruthy();
    expect(f.calls).toHaveLength(0);
    await changeLang('zh-CN');
  });

  it('takes over the plain form of index.html: what was typed, the focus, and a sign-in already asked for', async () => {
    const f = fakeFetch(() => ok({ token: 'tok-5', expireTime: Date.now() + 3600_000, id: 5 }));
    requestEnv.fetch = f.fn as never;
    // what build/bootSignIn.ts and build/boot.js leave: the form shown, typed in, Enter pressed in the password
    const boot = document.createElement('div');
    boot.id = 'boot-login';
    boot.innerHTML = '<input id="login_username" value="admin"><input id="login_password" type="password" value="admin123">';
    document.body.appendChild(boot);
    document.documentElement.classList.add('boot-sign-in');
    (boot.querySelector('#login_password') as HTMLInputElement).focus();
    (window as { __bootSignIn?: boolean }).__bootSignIn = true;
    renderLogin();
    expect(document.getElementById('boot-login')).toBeNull();
    expect(document.documentElement.classList.contains('boot-sign-in')).toBe(false);
    expect((screen.getByPlaceholderText('用户名') as HTMLInputElement).value).toBe('admin');
    expect((document.activeElement as HTMLInputElement).placeholder, document.activeElement?.outerHTML).toBe('密码');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/dashboard/workplace?tab=2'));
    expect(f.calls[0]!.init.body).toBe('username=admin&password=admin123');
  });

  it('leaves a plain form that was never shown alone (another route was asked for)', () => {
    const boot = document.createElement('div');
    boot.id = 'boot-login';
    boot.innerHTML = '<input id="login_username" value="x">';
    document.body.appendChild(boot);
    renderLogin();
    expect(document.getElementById('boot-login')).toBeNull();
    expect((screen.getByPlaceholderText('用户名') as HTMLInputElement).value).toBe('');
  });
});
