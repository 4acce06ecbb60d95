import { Code, EXAM_LIMITS, Routes, courseIdQuery, endpoints } from '@studio/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { fileUpload } from '../../platform/file-upload.ts';
import { answerQuestion, myExams, readAttempt, startAttempt, submitAttempt } from './attempts.service.ts';
import { closeExamNow, createExam, editExam, examList, examResults, removeExam } from './exams.service.ts';
import {
  createQuestion,
  editQuestion,
  exportQuestions,
  importQuestions,
  questionList,
  questionTemplate,
  removeQuestion,
} from './questions.service.ts';
import { serve } from '../../platform/endpoint.ts';
import { attachmentDisposition, sendDownload, XLSX_TYPE } from '../../platform/sheet-file.ts';
import { courseScope, teamScope } from './owner.ts';
import {
  courseExamDraft,
  myCourseExam,
  removeCourseExam,
  saveCourseExam,
  startCourseExam,
} from './course-exam.service.ts';

const team = { auth: 'team' } as const;

/** A question sheet (the team's or a course's export or template) as an .xlsx download named `name`. */
const sendSheet = (reply: FastifyReply, name: string, body: Buffer) =>
  sendDownload(reply, { type: XLSX_TYPE, disposition: attachmentDisposition(name), body });

/** An .xlsx is a zip (its first bytes say so); otherwise a file named .csv is read as CSV text. */
const formatOf = (bytes: Buffer, filename: string): 'xlsx' | 'csv' => {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (/\.csv$/i.test(filename)) return 'csv';
  throw new AppError(Code.EXAM_IMPORT_BROKEN);
};

/**
 * The uploaded sheet of an import (multipart, field `file`, its size checked while it arrives) and the
 * fields sent before it (a course's import names its `courseId` first).
 */
async function sheetUpload(r: FastifyRequest) {
  const { bytes, filename, field } = await fileUpload(
    r,
    EXAM_LIMITS.importMaxBytes,
    () =>
      new AppError(Code.EXAM_IMPORT_TOO_LARGE, {
        params: { maxMb: EXAM_LIMITS.importMaxBytes / 1024 / 1024 },
      }),
  );
  return { file: { bytes, format: formatOf(bytes, filename) }, field };
}

/** A course's id from a form field, checked by the contract's schema like any other input. */
const courseIdField = (value: unknown): number => {
  // Absent: it was not sent before the file (the only fields a file's part carries).
  if (value === undefined) throw invalidInput('courseId', 'beforeFile');
  const parsed = courseIdQuery.safeParse({ courseId: value });
  if (!parsed.success) throw invalidInput('courseId', 'invalid');
  return parsed.data.courseId;
};

export const examsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    serve(app, endpoints.exam.questionList, async (r) => questionList(teamScope(teamCtxOf(r)), r.query));
    serve(app, endpoints.exam.questionCreate, async (r) => createQuestion(teamScope(teamCtxOf(r)), r.body));
    serve(app, endpoints.exam.questionUpdate, async (r) =>
      editQuestion(teamScope(teamCtxOf(r)), r.body.questionId, r.body.question),
    );
    serve(app, endpoints.exam.questionRemove, async (r) => {
      await removeQuestion(teamScope(teamCtxOf(r)), r.body.questionId);
      return null;
    });
    serve(app, endpoints.exam.questionImport, async (r) =>
      importQuestions(teamScope(teamCtxOf(r)), (await sheetUpload(r)).file),
    );
    app.get(
      Routes.exam.questionExport,
      { config: team, schema: { summary: "The whole bank as an .xlsx in the import template's columns" } },
      async (r, reply) => sendSheet(reply, 'questions.xlsx', await exportQuestions(teamScope(teamCtxOf(r)))),
    );
    app.get(
      Routes.exam.questionTemplate,
      {
        config: team,
        schema: { summary: 'The import template (.xlsx): its columns and an example of each type' },
      },
      async (r, reply) =>
        sendSheet(reply, 'question-template.xlsx', await questionTemplate(teamScope(teamCtxOf(r)))),
    );
    serve(app, endpoints.exam.list, async (r) => examList(teamCtxOf(r)));
    serve(app, endpoints.exam.create, async (r) => createExam(teamCtxOf(r), r.body));
    serve(app, endpoints.exam.update, async (r) => editExam(teamCtxOf(r), r.body.examId, r.body.exam));
    serve(app, endpoints.exam.close, async (r) => closeExamNow(teamCtxOf(r), r.body.examId));
    serve(app, endpoints.exam.remove, async (r) => {
      await removeExam(teamCtxOf(r), r.body.examId);
      return null;
    });
    serve(app, endpoints.exam.results, async (r) => examResults(teamCtxOf(r), r.query.examId));
    serve(app, endpoints.exam.myList, async (r) => myExams(teamCtxOf(r)));
    serve(app, endpoints.exam.start, async (r) => startAttempt(teamCtxOf(r), r.body.examId));
    serve(app, endpoints.exam.attempt, async (r) => readAttempt(teamCtxOf(r), r.query.attemptId));
    serve(app, endpoints.exam.answer, async (r) => {
      await answerQuestion(teamCtxOf(r), r.body);
      return null;
    });
    serve(app, endpoints.exam.submit, async (r) => submitAttempt(teamCtxOf(r), r.body));

    // 课程考试: the same bank and exam, owned by a course of the team (courseScope: 404 otherwise).
    const course = (r: Parameters<typeof teamCtxOf>[0], courseId: number) =>
      courseScope(teamCtxOf(r), courseId);
    serve(app, endpoints.courseExam.questionList, async (r) => {
      const { courseId, ...query } = r.query;
      return questionList(await course(r, courseId), query);
    });
    serve(app, endpoints.courseExam.questionCreate, async (r) =>
      createQuestion(await course(r, r.body.courseId), r.body.question),
    );
    serve(app, endpoints.courseExam.questionUpdate, async (r) =>
      editQuestion(await course(r, r.body.courseId), r.body.questionId, r.body.question),
    );
    serve(app, endpoints.courseExam.questionRemove, async (r) => {
      await removeQuestion(await course(r, r.body.courseId), r.body.questionId);
      return null;
    });
    serve(app, endpoints.courseExam.questionImport, async (r) => {
      const upload = await sheetUpload(r);
      return importQuestions(await course(r, courseIdField(upload.field('courseId'))), upload.file);
    });
    app.get(
      Routes.courseExam.questionExport,
      {
        config: team,
        schema: {
          summary: "The course's questions as an .xlsx in the import template's columns",
          querystring: courseIdQuery,
        },
      },
      async (r, reply) =>
        sendSheet(reply, 'questions.xlsx', await exportQuestions(await course(r, r.query.courseId))),
    );
    app.get(
      Routes.courseExam.questionTemplate,
      {
        config: team,
        schema: {
          summary: 'The import template (.xlsx), for whoever may edit the course',
          querystring: courseIdQuery,
        },
      },
      async (r, reply) =>
        sendSheet(reply, 'question-template.xlsx', await questionTemplate(await course(r, r.query.courseId))),
    );
    serve(app, endpoints.courseExam.draft, async (r) => courseExamDraft(await course(r, r.query.courseId)));
    serve(app, endpoints.courseExam.save, async (r) =>
      saveCourseExam(await course(r, r.body.courseId), r.body.exam),
    );
    serve(app, endpoints.courseExam.remove, async (r) => {
      await removeCourseExam(await course(r, r.body.courseId));
      return null;
    });
    serve(app, endpoints.courseExam.mine, async (r) => myCourseExam(teamCtxOf(r), r.query.courseId));
    serve(app, endpoints.courseExam.start, async (r) => startCourseExam(teamCtxOf(r), r.body.courseId));
  };
