import {
  envelope,
  invitationIdBody,
  inviteInfoData,
  inviteInfoQuery,
  lastTeamSchema,
  myInvitationListData,
  Routes,
  teamInvitationListData,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, membershipOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  listMyInvitations,
  listTeamInvitations,
} from './invitations.service.ts';
import { describeInvite } from './invites.service.ts';

const done = envelope(z.null());

/** Invitations: the invited user's side (list, accept, decline), the team's side (list, cancel), links. */
export const invitationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const registered = { auth: 'registered' } as const;

    app.get(
      Routes.team.invitationList,
      {
        config: registered,
        schema: {
          summary: 'My pending team invitations (team, role, who invited)',
          response: { 200: envelope(myInvitationListData) },
        },
      },
      async (request) => ok(await listMyInvitations(ctx, actorOf(request))),
    );

    app.post(
      Routes.team.invitationAccept,
      {
        config: registered,
        schema: {
          summary: 'Accept an invitation: become a member; the team becomes current (20014 if already one)',
          body: invitationIdBody,
          response: { 200: envelope(lastTeamSchema) },
        },
      },
      async (request) => {
        const joined = await acceptInvitation(ctx, actorOf(request), request.body.invitationId);
        return ok(joined.data, joined.code);
      },
    );

    app.post(
      Routes.team.invitationDecline,
      {
        config: registered,
        schema: { summary: 'Decline an invitation', body: invitationIdBody, response: { 200: done } },
      },
      async (request) => {
        await declineInvitation(ctx, actorOf(request), request.body.invitationId);
        return ok(null);
      },
    );

    app.get(
      Routes.team.invitationTeamList,
      {
        config: { auth: 'team' },
        schema: {
          summary: 'Pending invitations of the current team (OWNER/ADMIN)',
          response: { 200: envelope(teamInvitationListData) },
        },
      },
      async (request) => ok(await listTeamInvitations(ctx, membershipOf(request))),
    );

    app.post(
      Routes.team.invitationCancel,
      {
        config: { auth: 'team' },
        schema: {
          summary: 'Cancel a pending invitation of the current team (OWNER/ADMIN)',
          body: invitationIdBody,
          response: { 200: done },
        },
      },
      async (request) => {
        await cancelInvitation(ctx, membershipOf(request), request.body.invitationId);
        return ok(null);
      },
    );

    app.get(
      Routes.team.inviteInfo,
      {
        config: registered,
        schema: {
          summary: 'What an invite link or team code invites to: team name and logo, role, who made it',
          querystring: inviteInfoQuery,
          response: { 200: envelope(inviteInfoData) },
        },
      },
      async (request) => ok(await describeInvite(ctx, request.query.inviteCode)),
    );
  };
