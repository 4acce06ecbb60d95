/** The WeChat simulator's "phone screen". */
import { escapeHtml, htmlPage } from '../../platform/html-page.ts';

const page = (body: string) => htmlPage('微信登录模拟器', '#07c160', body);

export function simulatorPage(state: string, suggestedId: string): string {
  return page(`<h1>微信登录模拟器</h1>
<p class="note">这是内置的微信扫码模拟器（未配置真实的微信开放平台时使用）。选择一个微信身份并确认登录。</p>
<form method="post" action="/api/auth/wechat/simulator/confirm">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="wxid">微信号</label><input id="wxid" name="wxid" value="${escapeHtml(suggestedId)}" maxlength="40" required>
<label for="nickName">微信昵称</label><input id="nickName" name="nickName" value="微信用户" maxlength="20" required>
<button type="submit">确认登录</button></form>`);
}

export function simulatorExpiredPage(): string {
  return page(
    `<h1>二维码已失效</h1><p class="note">请回到登录页重新获取二维码。</p><p><a href="/login">返回登录</a></p>`,
  );
}
