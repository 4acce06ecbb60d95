/** The WeChat simulator's "phone screen". */
import { escapeHtml, htmlPage } from '../../platform/html-page.ts';

const page = (body: string, head = '') => htmlPage('微信登录模拟器', '#07c160', body, head);

/**
 * `here`: opened on the computer that shows the QR code (its 在本机打开 button), so confirming goes on
 * to /wxAuth in this window; scanned with a phone, the computer's page logs in and the phone is done.
 */
export function simulatorPage(state: string, suggestedId: string, here: boolean): string {
  return page(`<h1>微信登录模拟器</h1>
<p class="note">这是内置的微信扫码模拟器（未配置真实的微信开放平台时使用）。选择一个微信身份并确认登录。</p>
<form method="post" action="/api/auth/wechat/simulator/confirm">
<input type="hidden" name="state" value="${escapeHtml(state)}">${here ? '\n<input type="hidden" name="here" value="1">' : ''}
<label for="wxid">微信号</label><input id="wxid" name="wxid" value="${escapeHtml(suggestedId)}" maxlength="40" required>
<label for="nickName">微信昵称</label><input id="nickName" name="nickName" value="微信用户" maxlength="20" required>
<button type="submit">确认登录</button></form>`);
}

export function simulatorExpiredPage(): string {
  return page(
    `<h1>二维码已失效</h1><p class="note">请回到登录页重新获取二维码。</p><p><a href="/login">返回登录</a></p>`,
  );
}

/** The phone after confirming: waits (reloading) until the computer has logged in, then says so. */
export function simulatorDonePage(loggedIn: boolean): string {
  if (loggedIn) {
    return page(`<h1>已在电脑上登录</h1><p class="note">电脑上的页面已经登录，可以关闭这个页面。</p>`);
  }
  return page(
    `<h1>已确认登录</h1><p class="note">请回到电脑上查看，电脑上的页面会自动登录。</p>`,
    '<meta http-equiv="refresh" content="2">',
  );
}
