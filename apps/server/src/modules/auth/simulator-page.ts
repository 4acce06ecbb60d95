/** The WeChat simulator's "phone screen": plain HTML, no script, so it works on any phone browser. */
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (body: string) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>微信登录模拟器</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
h1{font-size:20px}label{display:block;margin:14px 0 4px}input{width:100%;padding:8px;font-size:16px;box-sizing:border-box}
button{margin-top:20px;width:100%;padding:12px;font-size:16px;background:#07c160;color:#fff;border:0;border-radius:6px}
p.note{color:#666;font-size:14px}</style></head><body>${body}</body></html>`;

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
