import { courseReportExportQuery, endpoints, Routes, taskReportExportQuery } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
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
import { serve } from '../../platform/endpoint.ts';
import { requestLang } from '../../platform/request-lang.ts';
import { sendDownload } from '../../platform/sheet-file.ts';
import { courseReport, memberReport, taskReport, taskReportMembers } from './report.service.ts';
import { courseReportFile, taskReportFile } from './report-export.ts';

const team = { auth: 'team' } as const;

/** Groups and learning tasks of the request's team: teamCtxOf(request) carries the context. */
export const trainingRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.training.groupList, async (r) => listTrainingGroups(teamCtxOf(r)));
    serve(app, endpoints.training.groupCreate, async (r) => createTrainingGroup(teamCtxOf(r), r.body.name));
    serve(app, endpoints.training.groupRename, async (r) => {
      await renameTrainingGroup(teamCtxOf(r), r.body.groupId, r.body.name);
      return null;
    });
    serve(app, endpoints.training.groupRemove, async (r) => {
      await removeTrainingGroup(teamCtxOf(r), r.body.groupId);
      return null;
    });
    serve(app, endpoints.training.groupMemberAdd, async (r) => {
      await addTrainingGroupMembers(teamCtxOf(r), r.body.groupId, r.body.userIds);
      return null;
    });
    serve(app, endpoints.training.groupMemberRemove, async (r) => {
      await removeTrainingGroupMembers(teamCtxOf(r), r.body.groupId, r.body.userIds);
      return null;
    });
    serve(app, endpoints.training.taskList, async (r) => listTrainingTasks(teamCtxOf(r)));
    serve(app, endpoints.training.taskDetail, async (r) => trainingTaskDetail(teamCtxOf(r), r.query.taskId));
    serve(app, endpoints.training.taskCreate, async (r) => createTrainingTask(teamCtxOf(r), r.body));
    serve(app, endpoints.training.taskModify, async (r) => modifyTrainingTask(teamCtxOf(r), r.body));
    serve(app, endpoints.training.taskCancel, async (r) => {
      await cancelTrainingTask(teamCtxOf(r), r.body.taskId);
      return null;
    });
    serve(app, endpoints.training.mine, async (r) => myTrainingTasks(teamCtxOf(r)));
    serve(app, endpoints.training.reportTask, async (r) => taskReport(teamCtxOf(r), r.query));
    serve(app, endpoints.training.reportTaskMembers, async (r) => taskReportMembers(teamCtxOf(r), r.query));
    serve(app, endpoints.training.reportCourse, async (r) => courseReport(teamCtxOf(r), r.query));
    serve(app, endpoints.training.reportMember, async (r) => memberReport(teamCtxOf(r), r.query.userId));
    // Downloads are file routes (like the question bank's export), with the screens' rights.
    app.get(
      Routes.training.reportTaskExport,
      {
        config: team,
        schema: {
          summary: "A task's report as .xlsx or CSV (OWNER/ADMIN)",
          querystring: taskReportExportQuery,
        },
      },
      async (r, reply) => {
        const file = await taskReportFile(teamCtxOf(r), r.query, requestLang(r));
        return sendDownload(reply, file);
      },
    );
    app.get(
      Routes.training.reportCourseExport,
      {
        config: team,
        schema: {
          summary: "A course's completion by lesson as .xlsx or CSV (OWNER/ADMIN)",
          querystring: courseReportExportQuery,
        },
      },
      async (r, reply) => {
        const file = await courseReportFile(teamCtxOf(r), r.query, requestLang(r));
        return sendDownload(reply, file);
      },
    );
  };
