import {
  envelope,
  inviteCreateBody,
  inviteCreateData,
  invitationSentData,
  inviteJoinBody,
  joinPendingData,
  lastTeamSchema,
  pageSchema,
  Routes,
  searchNonData,
  searchNonQuery,
  teamIdBody,
  teamModifyBody,
  teamUserListQuery,
  teamUserSchema,
  teamUserSearchData,
  teamUserSearchQuery,
  userIdBody,
  userRoleBody,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, loadCurrentMembership, membershipOf, teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
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

const done = envelope(z.null());

export const membersRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const team = { auth: 'team' } as const;

    app.post(
      Routes.team.modify,
      {
        config: team,
        schema: {
          summary: 'Rename the current team or change its logo',
          body: teamModifyBody,
          response: { 200: envelope(lastTeamSchema) },
        },
      },
      async (request) => ok(await modifyTeam(ctx, membershipOf(request), request.body)),
    );

    app.post(
      Routes.team.ownerChange,
      {
        config: team,
        schema: {
          summary: 'Transfer ownership (the old owner becomes ADMIN)',
          body: userIdBody,
          response: { 200: done },
        },
      },
      async (request) => {
        await transferOwnership(ctx, actorOf(request), membershipOf(request), request.body.userId);
        return ok(null);
      },
    );

    app.get(
      Routes.team.userList,
      {
        config: team,
        schema: {
          summary: 'Members of the current team',
          querystring: teamUserListQuery,
          response: { 200: envelope(pageSchema(teamUserSchema)) },
        },
      },
      async (request) => ok(await listMembers(ctx, teamCtxOf(request), request.query)),
    );

    app.get(
      Routes.team.userSearch,
      {
        config: team,
        schema: {
          summary: 'Search members of the current team',
          querystring: teamUserSearchQuery,
          response: { 200: envelope(teamUserSearchData) },
        },
      },
      async (request) => ok(await searchMembers(ctx, teamCtxOf(request), request.query.keyword)),
    );

    app.get(
      Routes.team.userSearchNon,
      {
        config: team,
        schema: {
          summary: 'Find registered users not in the team (whole phone or nickname)',
          querystring: searchNonQuery,
          response: { 200: envelope(searchNonData) },
        },
      },
      async (request) => ok(await searchNonMembersOf(ctx, membershipOf(request), request.query)),
    );

    app.post(
      Routes.team.userRemove,
      { config: team, schema: { summary: 'Remove a member', body: userIdBody, response: { 200: done } } },
      async (request) => {
        await removeMember(ctx, actorOf(request), membershipOf(request), request.body.userId);
        return ok(null);
      },
    );

    app.post(
      Routes.team.userLeave,
      {
        config: { auth: 'registered' },
        schema: { summary: 'Leave a team', body: teamIdBody, response: { 200: done } },
      },
      async (request) => {
        await leaveTeam(ctx, actorOf(request), request.body.teamId);
        return ok(null);
      },
    );

    app.post(
      Routes.team.userRole,
      {
        config: team,
        schema: { summary: "Change a member's role", body: userRoleBody, response: { 200: done } },
      },
      async (request) => {
        await changeRole(
          ctx,
          actorOf(request),
          membershipOf(request),
          request.body.userId,
          request.body.role,
        );
        return ok(null);
      },
    );

    app.post(
      Routes.team.inviteCreate,
      {
        config: team,
        schema: {
          summary: 'Create an invite link',
          body: inviteCreateBody,
          response: { 200: envelope(inviteCreateData) },
        },
      },
      async (request) => ok(await createInvite(ctx, actorOf(request), membershipOf(request), request.body)),
    );

    app.post(
      Routes.team.userInviteJoin,
      {
        config: { auth: 'registered' },
        schema: {
          summary:
            'Join by link token or team code (LastTeam; a pending join request when the team asks for approval), or (OWNER/ADMIN) invite a user: a pending invitation they accept or decline, never a membership',
          body: inviteJoinBody,
          response: { 200: envelope(z.union([lastTeamSchema, joinPendingData, invitationSentData])) },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const body = request.body;
        if ('inviteCode' in body) {
          const joined = await joinByInvite(ctx, actor, body.inviteCode);
          return 'pending' in joined ? ok(joined.pending) : ok(joined.team, joined.code);
        }
        const membership = await loadCurrentMembership(ctx, actor);
        const sent = await inviteUser(ctx, actor, membership, body.userId, body.role);
        return ok(sent.data, sent.code, sent.msg);
      },
    );

    await app.register(invitationsRoutes(ctx));
    await app.register(accessRoutes(ctx));
  };
