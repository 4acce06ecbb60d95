import { learnReportQuery, Routes, endpoints } from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { requestLang } from '../../platform/request-lang.ts';
import { learnReport, learnReportCsv } from './report.service.ts';
import { completeLesson, learnCourse, listLearning, saveProgress } from './learning.service.ts';
import { answerQuiz } from './quiz-answers.service.ts';
import { viewCertificate } from './certificates.service.ts';
import { saveWatch } from './watch.service.ts';
import { serve } from '../../platform/endpoint.ts';

const team = { auth: 'team' } as const;

export const learningRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.learn.list, async (r) => listLearning(teamCtxOf(r), r.query.filter));
    serve(app, endpoints.learn.course, async (r) => learnCourse(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.learn.progress, async (r) => saveProgress(teamCtxOf(r), r.body));
    serve(app, endpoints.learn.complete, async (r) => completeLesson(teamCtxOf(r), r.body));
    serve(app, endpoints.learn.watch, async (r) => saveWatch(teamCtxOf(r), r.body));
    serve(app, endpoints.quiz.answer, async (r) => answerQuiz(teamCtxOf(r), r.body));
    serve(app, endpoints.learn.report, async (r) => learnReport(teamCtxOf(r), r.query));
    app.get(
      Routes.learn.reportCsv,
      {
        config: team,
        schema: {
          summary: 'The team learning report as CSV (UTF-8 with BOM), same filters, every page',
          querystring: learnReportQuery,
        },
      },
      async (r, reply) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', "attachment; filename*=UTF-8''learning-report.csv")
          .send(await learnReportCsv(teamCtxOf(r), r.query, requestLang(r))),
    );
    // A public route still reads a session when one is sent: the learner sees their exam score.
    serve(app, endpoints.certificate.view, async (r) =>
      viewCertificate(ctx, r.query.code, r.actor?.user.id ?? null),
    );
  };
