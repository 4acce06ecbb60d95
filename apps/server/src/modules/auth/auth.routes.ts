import {
  envelope,
  jsConfigData,
  jsConfigQuery,
  mpAuthorizeData,
  mpBaseBody,
  mpBaseResult,
  mpCallbackBody,
  passwordLoginBody,
  Routes,
  smsLoginBody,
  smsSendBody,
  userInfoSchema,
  wechatBindBody,
  wechatCallbackBody,
  wechatQrData,
  wechatStatusData,
  wechatStatusQuery,
} from '@studio/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import { ok } from '../../platform/reply.ts';
import { loginByPassword, loginBySms, logout } from './auth.service.ts';
import { sendSmsCode } from './sms-codes.service.ts';
import { randomToken } from '../../platform/crypto.ts';
import { bindPhone, createWechatQr, wechatCallback, wechatLoginStatus } from './wechat.service.ts';
import { connectRedis } from '../../platform/redis.ts';
import { jsConfig } from './wechat-js.service.ts';
import {
  MP_BROWSER_COOKIE,
  mpBaseCallback,
  mpLoginCallback,
  startMpBase,
  startMpLogin,
} from './wechat-mp.service.ts';

const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
};

// Stricter per-IP limits in front of the account-level limits of the services.
const strict = { rateLimit: { max: 30, timeWindow: '1 minute' } };

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      Routes.auth.smsSend,
      {
        config: { auth: 'public', ...strict },
        schema: {
          summary:
            'Send an SMS code (10005 when one is still valid; 10012–10014 our limits; the provider refusing: 10030 its limit on the number, 10031 the number, 10032 the service)',
          body: smsSendBody,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const { code } = await sendSmsCode(ctx, request.body.phone, request.body.purpose, request.ip);
        return ok(null, code);
      },
    );

    app.post(
      Routes.auth.loginSms,
      {
        config: { auth: 'public', ...strict },
        schema: {
          summary: 'Log in or register by SMS code',
          body: smsLoginBody,
          response: { 200: envelope(userInfoSchema) },
        },
      },
      async (request) => ok(await loginBySms(ctx, request.body.phone, request.body.code)),
    );

    app.post(
      Routes.auth.loginPassword,
      {
        config: { auth: 'public', ...strict },
        schema: {
          summary: 'Log in by phone and password',
          body: passwordLoginBody,
          response: { 200: envelope(userInfoSchema) },
        },
      },
      async (request) =>
        ok(await loginByPassword(ctx, request.body.phone, request.body.password, request.ip)),
    );

    app.post(
      Routes.auth.logout,
      {
        config: { auth: 'user' },
        schema: { summary: 'Log out (revokes the token)', response: { 200: envelope(z.null()) } },
      },
      async (request) => {
        await logout(ctx, actorOf(request).session.id);
        return ok(null);
      },
    );

    app.get(
      Routes.auth.wechatQr,
      {
        config: { auth: 'public', ...strict },
        schema: { summary: 'Start a WeChat QR login', response: { 200: envelope(wechatQrData) } },
      },
      async (request) => ok(await createWechatQr(ctx, publicOrigin(request, ctx.config))),
    );

    app.get(
      Routes.auth.wechatStatus,
      {
        // Asked every 1.5 s while the QR code is on screen (up to its 10 minutes): the page limit's pace.
        config: { auth: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          summary: 'Whether a QR login was confirmed on the phone (the code to finish it at /wxAuth)',
          querystring: wechatStatusQuery,
          response: { 200: envelope(wechatStatusData) },
        },
      },
      async (request) => ok(await wechatLoginStatus(ctx, request.query.state)),
    );

    app.post(
      Routes.auth.wechatCallback,
      {
        config: { auth: 'public', ...strict },
        schema: {
          summary: 'Finish a WeChat login with the code from /wxAuth',
          body: wechatCallbackBody,
          response: { 200: envelope(userInfoSchema) },
        },
      },
      async (request) => ok(await wechatCallback(ctx, request.body.code, request.body.state, request.log)),
    );

    app.post(
      Routes.auth.wechatBind,
      {
        config: { auth: 'user', ...strict },
        schema: {
          summary: 'Bind a phone to a new WeChat user',
          body: wechatBindBody,
          response: { 200: envelope(userInfoSchema) },
        },
      },
      async (request) => ok(await bindPhone(ctx, actorOf(request), request.body.phone, request.body.code)),
    );

    app.post(
      Routes.auth.mpLogin,
      {
        config: { auth: 'public', ...strict },
        schema: {
          summary:
            'Start a WeChat login inside WeChat (公众号 网页授权, snsapi_userinfo); binds the state to this browser',
          response: { 200: envelope(mpAuthorizeData) },
        },
      },
      async (request, reply) => {
        const nonce = randomToken(16);
        // Only this browser can finish the login it started (a state from another browser is refused).
        void reply.header(
          'set-cookie',
          `${MP_BROWSER_COOKIE}=${nonce}; Path=/api/auth/wechat/mp; HttpOnly; SameSite=Lax; Max-Age=600`,
        );
        return ok(await startMpLogin(ctx, publicOrigin(request, ctx.config), nonce));
      },
    );

    app.post(
      Routes.auth.mpLoginCallback,
      {
        config: { auth: 'public', ...strict },
        schema: {
          summary: 'Finish a WeChat login inside WeChat with the code and state WeChat returned to /wxAuth',
          body: mpCallbackBody,
          response: { 200: envelope(userInfoSchema) },
        },
      },
      async (request) =>
        ok(
          await mpLoginCallback(
            ctx,
            request.body.code,
            request.body.state,
            cookieOf(request, MP_BROWSER_COOKIE),
            request.log,
          ),
        ),
    );

    app.post(
      Routes.auth.mpBase,
      {
        config: { auth: 'user', ...strict },
        schema: {
          summary:
            "Start the silent 公众号 authorisation (snsapi_base) that records the user's openid, then goes to next",
          body: mpBaseBody,
          response: { 200: envelope(mpAuthorizeData) },
        },
      },
      async (request) =>
        ok(await startMpBase(ctx, actorOf(request), request.body.next, publicOrigin(request, ctx.config))),
    );

    app.post(
      Routes.auth.mpBaseCallback,
      {
        config: { auth: 'user', ...strict },
        schema: {
          summary: "Record the 公众号 openid on the session's user (the code and state from /wxAuth)",
          body: mpCallbackBody,
          response: { 200: envelope(mpBaseResult) },
        },
      },
      async (request) =>
        ok(await mpBaseCallback(ctx, actorOf(request), request.body.code, request.body.state, request.log)),
    );

    // The JSSDK ticket's shared cache (wechat-js.service.ts): Redis when configured, else the database.
    const redis = ctx.config.REDIS_URL ? connectRedis(ctx.config.REDIS_URL, app.log) : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));

    app.get(
      Routes.auth.mpJsConfig,
      {
        // Once per page view inside WeChat; the ticket behind it is cached (wechat-js.service.ts).
        config: { auth: 'public', rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          summary: 'JSSDK wx.config parameters for a page of this site (share cards inside WeChat)',
          querystring: jsConfigQuery,
          response: { 200: envelope(jsConfigData) },
        },
      },
      async (request) =>
        ok(await jsConfig(ctx, request.query.url, publicOrigin(request, ctx.config), request.log, redis)),
    );
  };
