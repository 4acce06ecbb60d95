import { endpoints } from '@studio/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
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
import { serve, coded } from '../../platform/endpoint.ts';

const cookieOf = (request: FastifyRequest, name: string): string | undefined => {
  for (const part of (request.headers.cookie ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return part.slice(eq + 1);
  }
  return undefined;
};

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.auth.smsSend, async (request) => {
      const { code } = await sendSmsCode(ctx, request.body.phone, request.body.purpose, request.ip);
      return coded(null, code);
    });

    serve(app, endpoints.auth.loginSms, async (request) =>
      loginBySms(ctx, request.body.phone, request.body.code),
    );

    serve(app, endpoints.auth.loginPassword, async (request) =>
      loginByPassword(ctx, request.body.phone, request.body.password, request.ip),
    );

    serve(app, endpoints.auth.logout, async (request) => {
      await logout(ctx, actorOf(request).session.id);
      return null;
    });

    serve(app, endpoints.auth.wechatQr, async (request) =>
      createWechatQr(ctx, publicOrigin(request, ctx.config)),
    );

    serve(app, endpoints.auth.wechatStatus, async (request) => wechatLoginStatus(ctx, request.query.state));

    serve(app, endpoints.auth.wechatCallback, async (request) =>
      wechatCallback(ctx, request.body.code, request.body.state, request.log),
    );

    serve(app, endpoints.auth.wechatBind, async (request) =>
      bindPhone(ctx, actorOf(request), request.body.phone, request.body.code),
    );

    serve(app, endpoints.auth.mpLogin, async (request, reply) => {
      const nonce = randomToken(16);
      // Only this browser can finish the login it started (a state from another browser is refused).
      void reply.header(
        'set-cookie',
        `${MP_BROWSER_COOKIE}=${nonce}; Path=/api/auth/wechat/mp; HttpOnly; SameSite=Lax; Max-Age=600`,
      );
      return startMpLogin(ctx, publicOrigin(request, ctx.config), nonce);
    });

    serve(app, endpoints.auth.mpLoginCallback, async (request) =>
      mpLoginCallback(
        ctx,
        request.body.code,
        request.body.state,
        cookieOf(request, MP_BROWSER_COOKIE),
        request.log,
      ),
    );

    serve(app, endpoints.auth.mpBase, async (request) =>
      startMpBase(ctx, actorOf(request), request.body.next, publicOrigin(request, ctx.config)),
    );

    serve(app, endpoints.auth.mpBaseCallback, async (request) =>
      mpBaseCallback(ctx, actorOf(request), request.body.code, request.body.state, request.log),
    );

    // The JSSDK ticket's shared cache (wechat-js.service.ts): Redis when configured, else the database.
    const redis = ctx.config.REDIS_URL ? connectRedis(ctx.config.REDIS_URL, app.log) : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));

    serve(app, endpoints.auth.mpJsConfig, async (request) =>
      jsConfig(ctx, request.query.url, publicOrigin(request, ctx.config), request.log, redis),
    );
  };
