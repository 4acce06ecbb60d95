import {
  envelope,
  inviteIdBody,
  inviteLinkListData,
  joinRequestListData,
  myJoinRequestListData,
  requestIdBody,
  Routes,
  teamAccessBody,
  teamAccessData,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import {
  decideJoinRequest,
  listInviteLinks,
  listMyJoinRequests,
  listTeamJoinRequests,
  modifyTeamAccess,
  resetTeamCode,
  revokeInviteLink,
} from './access.service.ts';

const done = envelope(z.null());
const team = { auth: 'team' } as const;

/** Team access: the team code (reset, off, 加入需审批), invite links, join requests. */
export const accessRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      Routes.team.codeReset,
      {
        config: team,
        schema: {
          summary: 'Draw a new team code; the old one stops working (OWNER/ADMIN)',
          response: { 200: envelope(teamAccessData) },
        },
      },
      async (r) => ok(await resetTeamCode(teamCtxOf(r))),
    );
    app.post(
      Routes.team.accessModify,
      {
        config: team,
        schema: {
          summary:
            'Turn the team code on or off, and 加入需审批 (joining by code needs approval) (OWNER/ADMIN)',
          body: teamAccessBody,
          response: { 200: envelope(teamAccessData) },
        },
      },
      async (r) => ok(await modifyTeamAccess(teamCtxOf(r), r.body)),
    );
    app.get(
      Routes.team.inviteList,
      {
        config: team,
        schema: {
          summary: "The team's invite links, newest first, with uses and state (OWNER/ADMIN)",
          response: { 200: envelope(inviteLinkListData) },
        },
      },
      async (r) => ok(await listInviteLinks(teamCtxOf(r))),
    );
    app.post(
      Routes.team.inviteRevoke,
      {
        config: team,
        schema: {
          summary: 'Revoke an invite link of the team: it stops working at once (OWNER/ADMIN)',
          body: inviteIdBody,
          response: { 200: done },
        },
      },
      async (r) => {
        await revokeInviteLink(teamCtxOf(r), r.body.inviteId);
        return ok(null);
      },
    );
    app.get(
      Routes.team.joinRequestList,
      {
        config: team,
        schema: {
          summary: 'Pending requests to join the team by its code (OWNER/ADMIN)',
          response: { 200: envelope(joinRequestListData) },
        },
      },
      async (r) => ok(await listTeamJoinRequests(teamCtxOf(r))),
    );
    app.get(
      Routes.team.joinRequestMine,
      {
        config: { auth: 'registered' },
        schema: {
          summary: 'My pending requests to join a team (shown on /selectTeam)',
          response: { 200: envelope(myJoinRequestListData) },
        },
      },
      async (r) => ok(await listMyJoinRequests(ctx, actorOf(r))),
    );
    for (const [path, approve] of [
      [Routes.team.joinRequestApprove, true],
      [Routes.team.joinRequestDecline, false],
    ] as const) {
      app.post(
        path,
        {
          config: team,
          schema: {
            summary: approve
              ? 'Approve a join request: the requester becomes a MEMBER (OWNER/ADMIN)'
              : 'Decline a join request (OWNER/ADMIN)',
            body: requestIdBody,
            response: { 200: done },
          },
        },
        async (r) => {
          await decideJoinRequest(teamCtxOf(r), r.body.requestId, approve);
          return ok(null);
        },
      );
    }
  };
