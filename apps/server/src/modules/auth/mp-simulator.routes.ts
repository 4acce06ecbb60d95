/** The built-in 公众号 网页授权 simulator: only mounted when WECHAT_MP_MODE=simulator. */
import { Routes } from '@studio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { randomToken } from '../../platform/crypto.ts';
import { acceptFormPosts, escapeHtml, htmlPage } from '../../platform/html-page.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { simulatedIds } from '../../platform/wechat/mp-oauth.ts';
import { MP_RETURN_PATH } from './wechat-mp.service.ts';
import { findState, recordSimulatedMpLogin } from './wechat-states.repo.ts';

/** The simulated WeChat user of this browser (snsapi_base answers for them without a screen). */
const SIM_COOKIE = 'wxsim_mp';
const page = (body: string) => htmlPage('微信授权模拟器', '#07c160', body);
const expired = () =>
  page(`<h1>授权已失效</h1><p class="note">请回到页面重新登录。</p><p><a href="/login">返回登录</a></p>`);

const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(/;\s*/)) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i) === name) return decodeURIComponent(part.slice(i + 1));
  }
  return undefined;
};

/** Only back to this site's /wxAuth: the simulator is no open redirect. */
function returnTo(request: FastifyRequest, ctx: AppContext, redirectUri: string): URL | null {
  try {
    const url = new URL(redirectUri);
    return url.origin === new URL(publicOrigin(request, ctx.config)).origin && url.pathname === MP_RETURN_PATH
      ? url
      : null;
  } catch {
    return null;
  }
}

async function liveState(ctx: AppContext, state: string, scope: string) {
  const row = await findState(ctx.db, state);
  const kind = scope === 'snsapi_base' ? 'mp_base' : 'mp_login';
  return row && row.kind === kind && !row.usedAt && row.expiresAt > new Date() ? row : undefined;
}

async function answer(
  ctx: AppContext,
  reply: FastifyReply,
  target: URL,
  state: string,
  wxid: string,
  nickName: string,
) {
  const code = randomToken(16);
  const ids = simulatedIds(wxid);
  await recordSimulatedMpLogin(ctx.db, state, code, { openId: ids.mpOpenId, unionId: ids.unionId, nickName });
  target.searchParams.set('code', code);
  target.searchParams.set('state', state);
  void reply.header(
    'set-cookie',
    `${SIM_COOKIE}=${encodeURIComponent(wxid)}; Path=/api/auth/wechat/mp; HttpOnly; SameSite=Lax; Max-Age=31536000`,
  );
  return reply.redirect(target.toString(), 302);
}

const wxidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,40}$/);

export const mpSimulatorRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptFormPosts(app);

    app.get(
      Routes.auth.mpSimulator,
      {
        config: { auth: 'public' },
        schema: {
          summary: "公众号 simulator: WeChat's authorisation screen (snsapi_base answers at once)",
          querystring: z.object({
            appid: z.string().max(64),
            redirect_uri: z.string().max(1000),
            response_type: z.literal('code'),
            scope: z.enum(['snsapi_base', 'snsapi_userinfo']),
            state: z.string().max(128),
          }),
        },
      },
      async (request, reply) => {
        const q = request.query;
        const target = returnTo(request, ctx, q.redirect_uri);
        if (!target || !(await liveState(ctx, q.state, q.scope))) {
          return reply.type('text/html; charset=utf-8').send(expired());
        }
        const known = wxidSchema.safeParse(cookieOf(request, SIM_COOKIE) ?? '');
        if (q.scope === 'snsapi_base') {
          return answer(
            ctx,
            reply,
            target,
            q.state,
            known.success ? known.data : `wx_${randomToken(4)}`,
            '微信用户',
          );
        }
        const suggested = known.success ? known.data : `wx_${randomToken(4)}`;
        return reply.type('text/html; charset=utf-8').send(
          page(`<h1>微信授权模拟器</h1>
<p class="note">这是内置的公众号网页授权模拟器（未配置真实的微信公众号时使用）。本网页申请获取你的昵称、头像。</p>
<p class="note">微信号与扫码登录模拟器中填写的相同，即是同一个人（同一 unionid），会登录同一个账号。</p>
<form method="post" action="/api/auth/wechat/mp/simulator/confirm">
<input type="hidden" name="state" value="${escapeHtml(q.state)}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(q.redirect_uri)}">
<label for="wxid">微信号</label><input id="wxid" name="wxid" value="${escapeHtml(suggested)}" maxlength="40" required>
<label for="nickName">微信昵称</label><input id="nickName" name="nickName" value="微信用户" maxlength="20" required>
<button type="submit" name="allow" value="1">允许</button>
<button type="submit" name="allow" value="0">拒绝</button></form>`),
        );
      },
    );

    app.post(
      Routes.auth.mpSimulatorConfirm,
      {
        config: { auth: 'public' },
        schema: {
          summary: '公众号 simulator: 允许 (back with a code) or 拒绝 (back with the state only)',
          body: z.object({
            state: z.string().max(128),
            redirect_uri: z.string().max(1000),
            wxid: wxidSchema,
            nickName: z.string().trim().min(1).max(20),
            allow: z.enum(['0', '1']),
          }),
        },
      },
      async (request, reply) => {
        const b = request.body;
        const target = returnTo(request, ctx, b.redirect_uri);
        if (!target || !(await liveState(ctx, b.state, 'snsapi_userinfo'))) {
          return reply.type('text/html; charset=utf-8').send(expired());
        }
        if (b.allow === '0') {
          target.searchParams.set('state', b.state);
          return reply.redirect(target.toString(), 302);
        }
        return answer(ctx, reply, target, b.state, b.wxid, b.nickName);
      },
    );
  };
