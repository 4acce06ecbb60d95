/**
 * Session resolution. Each route declares `config: { auth }`:
 *   'public'     no session needed (a session is still read when sent)
 *   'user'       any logged-in user, including a WeChat user who has not bound a phone yet
 *   'registered' a user with a phone
 *   'team'       a registered user with a current team they still belong to (else 541)
 *
 * A token resolves, in one prepared statement, to its live session, its user and the membership of
 * the user's last team. The result is kept a few seconds in a per-process cache (platform/cache.ts)
 * that every change to sessions, users, memberships or teams empties, in every process, through
 * PostgreSQL notifications; an expired session is refused from the cache as from the database.
 */
import { Code, type RemovedFromTeam, TEAM_MESSAGES, TOKEN_HEADER } from '@studio/contract';
import { TEAM_MESSAGES_EN } from '@studio/contract/messages-en';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { TtlCache } from './cache.ts';
import type { AppContext } from './context.ts';
import { sha256 } from './crypto.ts';
import { AppError } from './errors.ts';
import type { Membership } from './membership.ts';
import { publicOrigin } from './public-origin.ts';

export type AuthLevel = 'public' | 'user' | 'registered' | 'team';

/** What a token hash resolves to: the live session, its user and the membership of their last team. */
export type SessionActor = {
  session: SessionRow;
  user: UserRow;
  /** The membership of the user's last team, read in the same statement; null when there is none. */
  lastTeam: Membership | null;
  /** The user's last team when they are no longer its member (removed): its id and name only. */
  removedFrom: RemovedFromTeam | null;
};

/**
 * Reads a live session by its token hash. The auth module owns the query (sessions.repo.ts) and
 * app.ts hands it to registerAuth, so the platform never imports a module.
 */
export type SessionLookup = (db: Db, tokenHash: string) => Promise<SessionActor | undefined>;

export type Actor = {
  user: UserRow;
  session: SessionRow;
  token: string;
  /** Where this request reached us (PUBLIC_URL when set): links handed back to the user start with it. */
  origin: string;
  /** Set for 'team' routes (and by loadCurrentMembership): the team the request acts in. */
  membership: Membership | null;
  /** The membership of `user.lastTeamId` as read with the session (null: none). */
  lastTeam: Membership | null;
  /** The last team when the user is no longer its member (removed): named in the 541. */
  removedFrom: RemovedFromTeam | null;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

const TOKEN_HEADER_LC = TOKEN_HEADER.toLowerCase();
const ACTOR_CACHE = { ttlMs: 10_000, max: 10_000 };

/** Cached rows are shared by concurrent requests: frozen, so no handler can change them for another. */
function frozen(found: SessionActor): SessionActor {
  Object.freeze(found.session);
  Object.freeze(found.user);
  if (found.removedFrom) Object.freeze(found.removedFrom);
  if (found.lastTeam) {
    Object.freeze(found.lastTeam.team);
    Object.freeze(found.lastTeam);
  }
  return Object.freeze(found);
}

/** A session token to its live session, user and last team's membership (null: no live session). */
export type TokenResolver = (token: string) => Promise<SessionActor | null>;

/**
 * The one way a token becomes a session, for HTTP requests and the live co-editing socket alike:
 * the per-process cache (emptied in every process on any change), and expiry checked on each use.
 */
export function createTokenResolver(
  ctx: AppContext,
  findSession: SessionLookup,
  log: FastifyBaseLogger,
): TokenResolver {
  const cache = new TtlCache<SessionActor | undefined>(ctx.db, 'auth', ACTOR_CACHE, log);
  return async (token) => {
    if (!token || token.length > 200) return null;
    const hash = sha256(token);
    let found = await cache.get(
      hash,
      async () => {
        const row = await findSession(ctx.db, hash);
        return row && frozen(row);
      },
      (row) => row !== undefined,
    );
    if (found && found.session.expiresAt.getTime() <= Date.now()) {
      // Expired while cached: the database would not return it either.
      cache.delete(hash);
      found = undefined;
    }
    return found ?? null;
  };
}

/** The user's current team from a resolved session (as `loadCurrentMembership`); null when none. */
export const currentMembershipOf = (found: SessionActor): Membership | null => {
  const teamId = found.user.lastTeamId;
  return teamId !== null && found.lastTeam?.team.id === teamId ? found.lastTeam : null;
};

async function resolveActor(
  ctx: AppContext,
  resolveToken: TokenResolver,
  request: FastifyRequest,
): Promise<Actor | null> {
  const header = request.headers[TOKEN_HEADER_LC];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token) return null;
  const found = await resolveToken(token);
  if (!found) return null;
  return {
    session: found.session,
    user: found.user,
    token,
    origin: publicOrigin(request, ctx.config),
    membership: null,
    lastTeam: found.lastTeam,
    removedFrom: found.removedFrom,
  };
}

export function registerAuth(
  app: FastifyInstance,
  ctx: AppContext,
  findSession: SessionLookup,
): TokenResolver {
  app.decorateRequest('actor', null);
  const resolveToken = createTokenResolver(ctx, findSession, app.log);
  app.addHook('onRequest', async (request) => {
    const level = request.routeOptions.config.auth;
    if (!level) return;
    request.actor = await resolveActor(ctx, resolveToken, request);
    if (level === 'public') return;
    const actor = request.actor;
    if (!actor) throw new AppError(Code.UNAUTHORIZED);
    if (level === 'user') return;
    if (actor.user.phone === null) throw new AppError(Code.PHONE_NOT_BOUND);
    if (level === 'registered') return;
    await loadCurrentMembership(ctx, actor);
  });
  return resolveToken;
}

/** Resolves the actor's current team from the session's user, never from the request; 541 when none. */
export async function loadCurrentMembership(_ctx: AppContext, actor: Actor): Promise<Membership> {
  // The membership of user.lastTeamId was read in the same statement as the user row itself.
  const teamId = actor.user.lastTeamId;
  actor.membership = teamId !== null && actor.lastTeam?.team.id === teamId ? actor.lastTeam : null;
  if (!actor.membership) {
    const removed = teamId !== null && actor.removedFrom?.teamId === teamId ? actor.removedFrom : null;
    // Removed from the current team: the 541 says which one, so the client can tell the user why.
    if (removed)
      throw new AppError(Code.NO_TEAM, {
        msgIn: (lang) =>
          (lang === 'en-US' ? TEAM_MESSAGES_EN : TEAM_MESSAGES).removedFromTeam(removed.teamName),
        data: removed,
      });
    throw new AppError(Code.NO_TEAM);
  }
  return actor.membership;
}

/** The actor of a route declared 'user' or stricter (the hook has already refused anyone else). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(Code.UNAUTHORIZED);
  return request.actor;
}

export function membershipOf(request: FastifyRequest): Membership {
  const membership = actorOf(request).membership;
  if (!membership) throw new AppError(Code.NO_TEAM);
  return membership;
}

/** What a service acting in the request's current team needs (every `auth: 'team'` route). */
export type TeamCtx = { ctx: AppContext; actor: Actor; membership: Membership };

/** The team context of a request on an `auth: 'team'` route (the hook has refused anyone else). */
export function teamCtxOf(request: FastifyRequest): TeamCtx {
  return { ctx: request.server.ctx, actor: actorOf(request), membership: membershipOf(request) };
}

/** On a public route: the logged-in viewer with a current team, or null for anyone else. */
export async function viewerOf(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ actor: Actor; membership: Membership } | null> {
  const actor = request.actor;
  if (!actor || actor.user.phone === null) return null;
  try {
    return { actor, membership: await loadCurrentMembership(ctx, actor) };
  } catch {
    return null;
  }
}

/** A viewer as the entitlement rules take them (media, attachments): the user and current team, or null. */
export type ViewerIds = { userId: number; teamId: number } | null;

export async function viewerIdsOf(ctx: AppContext, request: FastifyRequest): Promise<ViewerIds> {
  const viewer = await viewerOf(ctx, request);
  return viewer && { userId: viewer.actor.user.id, teamId: viewer.membership.team.id };
}
