import {
  envelope,
  myTrainingTaskSchema,
  Routes,
  trainingGroupCreateBody,
  trainingGroupIdBody,
  trainingGroupMembersBody,
  trainingGroupRenameBody,
  trainingGroupSchema,
  trainingTaskBody,
  trainingTaskDetailSchema,
  trainingTaskIdBody,
  trainingTaskIdQuery,
  trainingTaskModifyBody,
  trainingTaskSchema,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import {
  addTrainingGroupMembers,
  createTrainingGroup,
  listTrainingGroups,
  removeTrainingGroup,
  removeTrainingGroupMembers,
  renameTrainingGroup,
} from './groups.service.ts';
import {
  cancelTrainingTask,
  createTrainingTask,
  listTrainingTasks,
  modifyTrainingTask,
  myTrainingTasks,
  trainingTaskDetail,
} from './tasks.service.ts';

const team = { auth: 'team' } as const;
const done = envelope(z.null());

/** Groups and learning tasks of the request's team: teamCtxOf(request) carries the context. */
export const trainingRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.training.groupList,
      {
        config: team,
        schema: {
          summary: "The team's member groups with their members (OWNER/ADMIN)",
          response: { 200: envelope(z.object({ list: z.array(trainingGroupSchema) })) },
        },
      },
      async (r) => ok(await listTrainingGroups(teamCtxOf(r))),
    );
    app.post(
      Routes.training.groupCreate,
      {
        config: team,
        schema: {
          summary: 'Create a member group',
          body: trainingGroupCreateBody,
          response: { 200: envelope(trainingGroupSchema) },
        },
      },
      async (r) => ok(await createTrainingGroup(teamCtxOf(r), r.body.name)),
    );
    app.post(
      Routes.training.groupRename,
      {
        config: team,
        schema: { summary: 'Rename a member group', body: trainingGroupRenameBody, response: { 200: done } },
      },
      async (r) => {
        await renameTrainingGroup(teamCtxOf(r), r.body.groupId, r.body.name);
        return ok(null);
      },
    );
    app.post(
      Routes.training.groupRemove,
      {
        config: team,
        schema: { summary: 'Delete a member group', body: trainingGroupIdBody, response: { 200: done } },
      },
      async (r) => {
        await removeTrainingGroup(teamCtxOf(r), r.body.groupId);
        return ok(null);
      },
    );
    app.post(
      Routes.training.groupMemberAdd,
      {
        config: team,
        schema: {
          summary: 'Add team members to a group',
          body: trainingGroupMembersBody,
          response: { 200: done },
        },
      },
      async (r) => {
        await addTrainingGroupMembers(teamCtxOf(r), r.body.groupId, r.body.userIds);
        return ok(null);
      },
    );
    app.post(
      Routes.training.groupMemberRemove,
      {
        config: team,
        schema: {
          summary: 'Remove members from a group',
          body: trainingGroupMembersBody,
          response: { 200: done },
        },
      },
      async (r) => {
        await removeTrainingGroupMembers(teamCtxOf(r), r.body.groupId, r.body.userIds);
        return ok(null);
      },
    );
    app.get(
      Routes.training.taskList,
      {
        config: team,
        schema: {
          summary: "The team's learning tasks with completion (OWNER/ADMIN)",
          response: { 200: envelope(z.object({ list: z.array(trainingTaskSchema) })) },
        },
      },
      async (r) => ok(await listTrainingTasks(teamCtxOf(r))),
    );
    app.get(
      Routes.training.taskDetail,
      {
        config: team,
        schema: {
          summary: "A learning task with each assignee's standing (OWNER/ADMIN)",
          querystring: trainingTaskIdQuery,
          response: { 200: envelope(trainingTaskDetailSchema) },
        },
      },
      async (r) => ok(await trainingTaskDetail(teamCtxOf(r), r.query.taskId)),
    );
    app.post(
      Routes.training.taskCreate,
      {
        config: team,
        schema: {
          summary: 'Assign courses to members and groups',
          body: trainingTaskBody,
          response: { 200: envelope(trainingTaskDetailSchema) },
        },
      },
      async (r) => ok(await createTrainingTask(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.training.taskModify,
      {
        config: team,
        schema: {
          summary: 'Edit a learning task (what members did stays)',
          body: trainingTaskModifyBody,
          response: { 200: envelope(trainingTaskDetailSchema) },
        },
      },
      async (r) => ok(await modifyTrainingTask(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.training.taskCancel,
      {
        config: team,
        schema: { summary: 'Cancel a learning task', body: trainingTaskIdBody, response: { 200: done } },
      },
      async (r) => {
        await cancelTrainingTask(teamCtxOf(r), r.body.taskId);
        return ok(null);
      },
    );
    app.get(
      Routes.training.mine,
      {
        config: team,
        schema: {
          summary: "The asker's open learning tasks (我的任务)",
          response: { 200: envelope(z.object({ list: z.array(myTrainingTaskSchema), today: z.string() })) },
        },
      },
      async (r) => ok(await myTrainingTasks(teamCtxOf(r))),
    );
  };
