// Issue 7 (console), continued from admins.spec.ts (runs right before this file): scheduled tasks and station
// messages, registration → activation, account settings; screenshots in both languages.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { apiLogin, DEMO, goto, launch, screenshot, waitForRoute, withPage, type Browser } from '../lib/index.ts';
import { cell, confirmPop, createAdmin, expectMessage, ok, signInAs, totp, visible } from '../lib/admins.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// ---------- tests ----------

describe('scheduled tasks and station messages', () => {
  it('runs a task now and shows the run in its history; sends a station message to a chosen user', async () => {
    await withPage(browser, 'logs-tasks', async ({ page }) => {
      await signInAs(page, DEMO.admin);
      await goto(page, '/logmanage/scheduledtasks');
      await page.locator('[data-testid="task-run-session-cleanup"]').click();
      await confirmPop(page);
      await expectMessage(page, /任务运行完成|任务已开始运行/);
      await page.locator('[data-testid="task-history-session-cleanup"]').click();
      const runs = page.locator('[data-testid="task-runs"] .ant-table-row');
      await runs.filter({ hasText: '手动' }).first().waitFor();
      assert.match(await runs.first().innerText(), /手动/);
      await screenshot(page, 'logs-task-history', 'zh-CN');
      await page.locator('.ant-drawer-close').click();

      // Disable and enable again.
      await page.locator('[data-testid="task-switch-session-cleanup"]').click();
      await expectMessage(page, '任务已停用');
      await page.locator('[data-testid="task-switch-session-cleanup"][aria-checked="false"]').waitFor();
      await page.locator('[data-testid="task-switch-session-cleanup"]').click();
      await page.locator('[data-testid="task-switch-session-cleanup"][aria-checked="true"]').waitFor();

      await goto(page, '/logmanage/stationmessage');
      await page.locator('[data-testid="station-send"]').click();
      await page.locator('#station-send_userIds').click();
      await page.locator('#station-send_userIds').fill('13');
      await page.locator(`${visible} .ant-select-item-option`).first().click();
      await page.locator('.ant-modal-title', { hasText: '发送站内消息' }).click(); // closes the picker's list
      await page.locator('#station-send_title').fill('系统维护通知');
      await page.locator('#station-send_content').fill('今晚 23:00 至 23:30 系统维护，请提前安排交易。');
      await screenshot(page, 'logs-station-send', 'zh-CN');
      await page.locator('[data-testid="station-send-ok"]').click();
      await expectMessage(page, '消息已发送给 1 位用户');
      const row = page.locator('[data-testid="page-stationmessage"] .ant-table-row', { hasText: '系统维护通知' }).first();
      await row.waitFor();
      assert.match(await row.innerText(), /0 \/ 1/);
    });
  });
});

describe('registration', () => {
  it('register → the super-user activates within 24 hours → sign in', async () => {
    const phone = '13912345678';
    const password = 'Reg1ster#Ok';
    await withPage(browser, 'admins-register', async ({ page }) => {
      await goto(page, '/user/login');
      await page.locator('[data-testid="login-register"]').click();
      await waitForRoute(page, '/user/register');
      // The locale rules of spec §5.
      await page.locator('[data-testid="register-submit"]').click();
      await page.locator('.ant-form-item-explain-error', { hasText: '请输入邮箱地址！' }).waitFor();
      await page.locator('.ant-form-item-explain-error', { hasText: '请输入验证码！' }).waitFor();
      await page.locator('#register_email').fill('ops-new');
      await page.locator('.ant-form-item-explain-error', { hasText: '邮箱地址格式错误！' }).waitFor();
      await page.locator('#register_email').fill('ops-new@example.com');
      await page.locator('#register_password').fill('abc12');
      await page.locator('[data-testid="password-meter"]', { hasText: '强度：太短' }).waitFor();
      await page.locator('#register_password').fill(password);
      await page.locator('[data-testid="password-meter"]', { hasText: '强度：强' }).waitFor();
      await page.locator('#register_confirmPassword').fill('different1');
      await page.locator('.ant-form-item-explain-error', { hasText: '两次输入的密码不匹配！' }).waitFor();
      await page.locator('#register_confirmPassword').fill(password);
      await page.locator('#register_phone').fill('123');
      await page.locator('[data-testid="register-send-code"]').click();
      await page.locator('.ant-form-item-explain-error', { hasText: '手机号格式错误！' }).waitFor();
      await page.locator('#register_phone').fill(phone);
      await page.locator('[data-testid="register-send-code"]').click();
      await expectMessage(page, '验证码已发送');
      await page.locator('[data-testid="register-send-code"]', { hasText: /秒后重发/ }).waitFor();
      await page.locator('#register_adminName').fill('新运营');
      await screenshot(page, 'admins-register', 'zh-CN');

      // The default SMS provider delivers into the SMS log: read the code there as the super-user.
      const superToken = await apiLogin(DEMO.super);
      const sms = await ok(superToken, '/admin/log/smsList.do', { phone, kind: 'register' });
      const code = /(\d{6})/.exec(sms.list[0].content)![1]!;
      await page.locator('#register_code').fill(code);
      await page.locator('[data-testid="register-submit"]').click();
      await waitForRoute(page, /^\/user\/register-result\?/);
      assert.match(await page.locator('[data-testid="register-result-title"]').innerText(), /ops-new@example\.com/);
      assert.match(await page.locator('[data-testid="register-result-desc"]').innerText(), /超级管理员激活.*24 小时/);
      await screenshot(page, 'admins-register-result', 'zh-CN');
    });

    await withPage(browser, 'admins-activate', async ({ page }) => {
      await signInAs(page, DEMO.super);
      await goto(page, '/managesettings/managelist?status=pending');
      const row = cell(page, '[data-testid="page-managelist"]', phone);
      await row.waitFor();
      assert.match(await row.innerText(), /待激活/);
      await page.locator(`[data-testid="activate-${phone}"]`).click();
      await page.locator('.ant-modal', { hasText: '24 小时内' }).waitFor();
      await screenshot(page, 'admins-activate', 'zh-CN');
      await page.locator('[data-testid="activate-ok"]').click();
      await expectMessage(page, '账号已激活');
    });

    await withPage(browser, 'admins-activated-sign-in', async ({ page }) => {
      await signInAs(page, { username: phone, password, name: '新运营' });
      await page.locator('[data-testid="header-name"]', { hasText: '新运营' }).waitFor();
    });
  });
});

describe('account settings', () => {
  it('display name, two-factor self-enrolment and header buttons (en-US)', async () => {
    const superToken = await apiLogin(DEMO.super);
    const me = await createAdmin(superToken, 'selfie', 'Self Service', 'admin');
    await withPage(
      browser,
      'account-settings',
      async ({ page }) => {
        await signInAs(page, me);
        // The avatar menu's account settings → /account/settings → settings/normal.
        await page.locator('[data-testid="avatar-menu"]').hover();
        await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item', { hasText: 'Account settings' }).click();
        await waitForRoute(page, '/account/settings/normal');
        await page.locator('[data-testid="account-name"]', { hasText: 'Self Service' }).waitFor();

        await goto(page, '/account/settings/basic');
        await page.locator('#account-basic_adminName').fill('Desk Officer');
        await page.locator('[data-testid="account-basic-save"]').click();
        await expectMessage(page, 'Basic settings saved');
        await page.locator('[data-testid="header-name"]', { hasText: 'Desk Officer' }).waitFor();

        await goto(page, '/account/settings/security');
        await page.locator('[data-testid="security-google"]').click();
        await page.locator('[data-testid="google-start"]').click();
        const enrol = page.locator('[data-testid="totp-enrolment"]');
        await enrol.waitFor();
        const uri = (await enrol.getAttribute('data-otpauth'))!;
        await page.locator('[data-testid="totp-code"]').fill(await totp(uri));
        await screenshot(page, 'account-2fa-enrol', 'en-US');
        await page.locator('[data-testid="totp-confirm"]').click();
        await expectMessage(page, /Two-factor sign-in is on/);
        await page.locator('[data-testid="security-google-state"]', { hasText: 'On' }).waitFor();

        // The change-password form checks the current password on the server.
        await page.locator('[data-testid="security-password"]').click();
        await page.locator('#change-password_oldPassword').fill('not-my-password');
        await page.locator('#change-password_newPassword').fill('N3w#Passw0rd');
        await page.locator('[data-testid="password-meter"]').waitFor();
        await page.locator('#change-password_confirmPassword').fill('N3w#Passw0rd');
        await page.locator('[data-testid="password-ok"]').click();
        await expectMessage(page, 'The current password is wrong');
        await page.locator('.ant-modal-close').click();

        // Header buttons: hide the withdrawals button.
        await page.locator('[data-testid="badge-2"]').waitFor();
        await goto(page, '/account/settings/custom');
        await page.locator('[data-testid="custom-badge-2"]').uncheck();
        await page.locator('[data-testid="custom-save"]').click();
        await expectMessage(page, 'Header buttons saved');
        await page.locator('[data-testid="badge-2"]').waitFor({ state: 'detached' });
        const style = await page.evaluate(async () => {
          const token = /(?:^|; )Access-Token=([^;]+)/.exec(document.cookie)?.[1] ?? '';
          const r = await fetch('/api/adminUser/getSiteStyle.do', { method: 'POST', headers: { admintoken: decodeURIComponent(token) } });
          return ((await r.json()) as { data: { badges?: number[] } }).data;
        });
        assert.deepEqual(style.badges, [19, 20, 21, 22], 'saved with the site style');
      },
      { lang: 'en-US' },
    );
  });
});

describe('screenshots', () => {
  const PAGES: [string, string, string][] = [
    ['/managesettings/managelist', 'page-managelist', 'admins-managelist'],
    ['/managesettings/rolelist', 'page-rolelist', 'admins-rolelist'],
    ['/logmanage/loginlog', 'page-loginlog', 'logs-loginlog'],
    ['/logmanage/operationLog', 'page-operationlog', 'logs-operationlog'],
    ['/logmanage/smslog', 'page-smslog', 'logs-smslog'],
    ['/logmanage/scheduledtasks', 'page-scheduledtasks', 'logs-scheduledtasks'],
    ['/logmanage/stationmessage', 'page-stationmessage', 'logs-stationmessage'],
    ['/account/settings/normal', 'page-account-normal', 'account-normal'],
    ['/account/settings/basic', 'page-account-basic', 'account-basic'],
    ['/account/settings/security', 'page-account-security', 'account-security'],
    ['/account/settings/custom', 'page-account-custom', 'account-custom'],
    ['/account/settings/iosPush', 'page-account-iospush', 'account-iospush'],
  ];
  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`every page of issue 7 in ${lang}`, async () => {
      await withPage(
        browser,
        `admins-screens-${lang}`,
        async ({ page }) => {
          await signInAs(page, DEMO.super);
          for (const [path, testId, name] of PAGES) {
            await goto(page, path);
            await waitForRoute(page, path);
            await page.locator(`[data-testid="${testId}"]`).waitFor();
            // Lists: wait for their rows; settings: for their content.
            const rows = page.locator(`[data-testid="${testId}"] .ant-table-row`);
            if (await page.locator(`[data-testid="${testId}"] .ant-table`).count()) await rows.first().waitFor();
            else await page.locator(`[data-testid="${testId}"] .ant-skeleton`).waitFor({ state: 'detached' });
            await page.mouse.move(1, 1);
            await page.waitForTimeout(300);
            await screenshot(page, name, lang);
          }
        },
        { lang },
      );
      await withPage(
        browser,
        `admins-public-${lang}`,
        async ({ page }) => {
          await goto(page, '/user/register');
          await page.locator('[data-testid="page-register"]').waitFor();
          await screenshot(page, 'admins-register-form', lang);
          await goto(
            page,
            `/user/register-result?email=ops%40example.com&hours=24&expiresAt=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`,
          );
          await page.locator('[data-testid="page-register-result"]').waitFor();
          await screenshot(page, 'admins-register-result-page', lang);
        },
        { lang },
      );
    });
  }
});
