import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  decideJoinRequest,
  listInviteLinks,
  listMyJoinRequests,
  listTeamJoinRequests,
  modifyTeamAccess,
  resetTeamCode,
  revokeInviteLink,
} from './access.service.ts';
import { serve } from '../../platform/endpoint.ts';

/** Team access: the team code (reset, off, 加入需审批), invite links, join requests. */
export const accessRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.team.codeReset, async (r) => resetTeamCode(teamCtxOf(r)));
    serve(app, endpoints.team.accessModify, async (r) => modifyTeamAccess(teamCtxOf(r), r.body));
    serve(app, endpoints.team.inviteList, async (r) => listInviteLinks(teamCtxOf(r)));
    serve(app, endpoints.team.inviteRevoke, async (r) => {
      await revokeInviteLink(teamCtxOf(r), r.body.inviteId);
      return null;
    });
    serve(app, endpoints.team.joinRequestList, async (r) => listTeamJoinRequests(teamCtxOf(r)));
    serve(app, endpoints.team.joinRequestMine, async (r) => listMyJoinRequests(ctx, actorOf(r)));
    for (const [decide, approve] of [
      [endpoints.team.joinRequestApprove, true],
      [endpoints.team.joinRequestDecline, false],
    ] as const) {
      serve(app, decide, async (r) => {
        await decideJoinRequest(teamCtxOf(r), r.body.requestId, approve);
        return null;
      });
    }
  };
