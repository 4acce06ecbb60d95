import {
  certificateQuery,
  certificateSchema,
  courseIdQuery,
  envelope,
  learnCompleteBody,
  learnCourseSchema,
  learnListQuery,
  learnListSchema,
  learnProgressBody,
  learnProgressSchema,
  learnReportQuery,
  learnReportSchema,
  learnWatchBody,
  learnWatchedSchema,
  quizAnswerBody,
  quizAnsweredSchema,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/reply.ts';
import { requestLang } from '../../platform/request-lang.ts';
import { learnReport, learnReportCsv } from './report.service.ts';
import { completeLesson, learnCourse, listLearning, saveProgress } from './learning.service.ts';
import { answerQuiz } from './quiz-answers.service.ts';
import { viewCertificate } from './certificates.service.ts';
import { saveWatch } from './watch.service.ts';

const team = { auth: 'team' } as const;

export const learningRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.learn.list,
      {
        config: team,
        schema: {
          summary:
            "我的学习: the team's courses (bought, and its own released ones) with this learner's progress",
          querystring: learnListQuery,
          response: { 200: envelope(learnListSchema) },
        },
      },
      async (r) => ok(await listLearning(teamCtxOf(r), r.query.filter)),
    );
    app.get(
      Routes.learn.course,
      {
        config: team,
        schema: {
          summary:
            'The course player: the latest release with quiz answer keys removed, lesson states, quiz results and where to resume (404 unless the team holds the course)',
          querystring: courseIdQuery,
          response: { 200: envelope(learnCourseSchema) },
        },
      },
      async (r) => ok(await learnCourse(teamCtxOf(r), r.query.courseId)),
    );
    app.post(
      Routes.learn.progress,
      {
        config: team,
        schema: {
          summary:
            "Where the learner is in a lesson (idempotent); reaching the end completes it once the course's rules allow (minimum time, quizzes passed)",
          body: learnProgressBody,
          response: { 200: envelope(learnProgressSchema) },
        },
      },
      async (r) => ok(await saveProgress(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.learn.complete,
      {
        config: team,
        schema: {
          summary:
            "标记为已学完 (60001 a quiz unanswered, 30031 below the pass mark, 30030 before the course's minimum time); the last lesson completes the course when its quiz score reaches the pass mark",
          body: learnCompleteBody,
          response: { 200: envelope(learnProgressSchema) },
        },
      },
      async (r) => ok(await completeLesson(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.learn.watch,
      {
        config: team,
        schema: {
          summary:
            'Watch progress of a video or audio block in a lesson: the position and the intervals played since the last save; the union is kept (skipping ahead adds nothing), at most the wall-clock time since the last save at 2× is believed, and the lesson completes when each of its media is 90% watched (HTTP 400 with 60017 a media not in the lesson, 60018 past its duration; 30047 not ready; 404 unless the team holds the course)',
          body: learnWatchBody,
          response: { 200: envelope(learnWatchedSchema) },
        },
      },
      async (r) => ok(await saveWatch(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.quiz.answer,
      {
        config: team,
        schema: {
          summary:
            "Answer a quiz: graded on the server, the attempt recorded (30032 past the course's limit; HTTP 400 with 60010 a lesson not in the course, 60011 a quiz not in the lesson, 60012–60016 an answer that does not fit the quiz); the key, the explanation and the progress after it come back (a pass completes the lesson)",
          body: quizAnswerBody,
          response: { 200: envelope(quizAnsweredSchema) },
        },
      },
      async (r) => ok(await answerQuiz(teamCtxOf(r), r.body)),
    );
    app.get(
      Routes.learn.report,
      {
        config: team,
        schema: {
          summary:
            'The team learning report (OWNER/ADMIN): every member × every course the team learns, paged, with completions per week',
          querystring: learnReportQuery,
          response: { 200: envelope(learnReportSchema) },
        },
      },
      async (r) => ok(await learnReport(teamCtxOf(r), r.query)),
    );
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
    app.get(
      Routes.certificate.view,
      {
        config: { auth: 'public' },
        schema: {
          summary: 'A certificate by its verification code, for anyone (nothing else about the learner)',
          querystring: certificateQuery,
          response: { 200: envelope(certificateSchema) },
        },
      },
      async (r) => ok(await viewCertificate(ctx, r.query.code)),
    );
  };
