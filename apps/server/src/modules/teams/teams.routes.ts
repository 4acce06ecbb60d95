import { endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, membershipOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import {
  changeTeam,
  createTeam,
  describeCurrentTeam,
  lastJoinedTeam,
  listSwitchableTeams,
} from './teams.service.ts';
import { serve } from '../../platform/endpoint.ts';

export const teamsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.team.changeList, async (request) => listSwitchableTeams(ctx, actorOf(request)));

    serve(app, endpoints.team.currentList, async (request) =>
      describeCurrentTeam(ctx, membershipOf(request)),
    );

    serve(app, endpoints.team.create, async (request) =>
      createTeam(ctx, actorOf(request), request.body.teamName, request.body.teamLogo),
    );

    serve(app, endpoints.team.change, async (request) =>
      changeTeam(ctx, actorOf(request), request.body.teamId),
    );

    serve(app, endpoints.team.lastJoin, async (request) => lastJoinedTeam(ctx, actorOf(request)));
  };
