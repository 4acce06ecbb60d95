import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, loadCurrentMembership, membershipOf, teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { inviteUser } from './invitations.service.ts';
import { accessRoutes } from './access.routes.ts';
import { invitationsRoutes } from './invitations.routes.ts';
import { createInvite, joinByInvite } from './invites.service.ts';
import {
  changeRole,
  leaveTeam,
  listMembers,
  removeMember,
  searchMembers,
  searchNonMembersOf,
  transferOwnership,
} from './members.service.ts';
import { modifyTeam } from './teams.service.ts';
import { serve, coded } from '../../platform/endpoint.ts';

export const membersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.team.modify, async (request) =>
      modifyTeam(ctx, membershipOf(request), request.body),
    );

    serve(app, endpoints.team.ownerChange, async (request) => {
      await transferOwnership(ctx, actorOf(request), membershipOf(request), request.body.userId);
      return null;
    });

    serve(app, endpoints.team.userList, async (request) =>
      listMembers(ctx, teamCtxOf(request), request.query),
    );

    serve(app, endpoints.team.userSearch, async (request) =>
      searchMembers(ctx, teamCtxOf(request), request.query.keyword),
    );

    serve(app, endpoints.team.userSearchNon, async (request) =>
      searchNonMembersOf(ctx, membershipOf(request), request.query),
    );

    serve(app, endpoints.team.userRemove, async (request) => {
      await removeMember(ctx, actorOf(request), membershipOf(request), request.body.userId);
      return null;
    });

    serve(app, endpoints.team.userLeave, async (request) => {
      await leaveTeam(ctx, actorOf(request), request.body.teamId);
      return null;
    });

    serve(app, endpoints.team.userRole, async (request) => {
      await changeRole(ctx, actorOf(request), membershipOf(request), request.body.userId, request.body.role);
      return null;
    });

    serve(app, endpoints.team.inviteCreate, async (request) =>
      createInvite(ctx, actorOf(request), membershipOf(request), request.body),
    );

    serve(app, endpoints.team.userInviteJoin, async (request) => {
      const actor = actorOf(request);
      const body = request.body;
      if ('inviteCode' in body) {
        const joined = await joinByInvite(ctx, actor, body.inviteCode);
        return 'pending' in joined ? joined.pending : coded(joined.team, joined.code);
      }
      const membership = await loadCurrentMembership(ctx, actor);
      const sent = await inviteUser(ctx, actor, membership, body.userId, body.role);
      return coded(sent.data, sent.code, sent.msg);
    });

    await app.register(invitationsRoutes(ctx));
    await app.register(accessRoutes(ctx));
  };
