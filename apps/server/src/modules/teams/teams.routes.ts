import {
  currentTeamData,
  envelope,
  lastTeamSchema,
  Routes,
  teamChangeBody,
  teamChangeListData,
  teamCreateBody,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, membershipOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import {
  changeTeam,
  createTeam,
  describeCurrentTeam,
  lastJoinedTeam,
  listSwitchableTeams,
} from './teams.service.ts';

export const teamsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.team.changeList,
      {
        config: { auth: 'registered' },
        schema: { summary: 'Teams the user can switch to', response: { 200: envelope(teamChangeListData) } },
      },
      async (request) => ok(await listSwitchableTeams(ctx, actorOf(request))),
    );

    app.get(
      Routes.team.currentList,
      {
        config: { auth: 'team' },
        schema: { summary: 'The current team (541 when none)', response: { 200: envelope(currentTeamData) } },
      },
      async (request) => ok(await describeCurrentTeam(ctx, membershipOf(request))),
    );

    app.post(
      Routes.team.create,
      {
        config: { auth: 'registered' },
        schema: {
          summary: 'Create a team (it becomes current)',
          body: teamCreateBody,
          response: { 200: envelope(lastTeamSchema) },
        },
      },
      async (request) =>
        ok(await createTeam(ctx, actorOf(request), request.body.teamName, request.body.teamLogo)),
    );

    app.post(
      Routes.team.change,
      {
        config: { auth: 'registered' },
        schema: {
          summary: 'Switch the current team',
          body: teamChangeBody,
          response: { 200: envelope(lastTeamSchema) },
        },
      },
      async (request) => ok(await changeTeam(ctx, actorOf(request), request.body.teamId)),
    );

    app.get(
      Routes.team.lastJoin,
      {
        config: { auth: 'registered' },
        schema: { summary: 'The team joined last', response: { 200: envelope(lastTeamSchema.nullable()) } },
      },
      async (request) => ok(await lastJoinedTeam(ctx, actorOf(request))),
    );
  };
