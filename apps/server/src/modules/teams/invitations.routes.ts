import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, membershipOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  acceptInvitation,
  cancelInvitation,
  declineInvitation,
  listMyInvitations,
  listTeamInvitations,
} from './invitations.service.ts';
import { describeInvite } from './invites.service.ts';
import { serve, coded } from '../../platform/endpoint.ts';

/** Invitations: the invited user's side (list, accept, decline), the team's side (list, cancel), links. */
export const invitationsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.team.invitationList, async (request) => listMyInvitations(ctx, actorOf(request)));

    serve(app, endpoints.team.invitationAccept, async (request) => {
      const joined = await acceptInvitation(ctx, actorOf(request), request.body.invitationId);
      return coded(joined.data, joined.code);
    });

    serve(app, endpoints.team.invitationDecline, async (request) => {
      await declineInvitation(ctx, actorOf(request), request.body.invitationId);
      return null;
    });

    serve(app, endpoints.team.invitationTeamList, async (request) =>
      listTeamInvitations(ctx, membershipOf(request)),
    );

    serve(app, endpoints.team.invitationCancel, async (request) => {
      await cancelInvitation(ctx, membershipOf(request), request.body.invitationId);
      return null;
    });

    serve(app, endpoints.team.inviteInfo, async (request) => describeInvite(ctx, request.query.inviteCode));
  };
