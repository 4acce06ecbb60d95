import {
  attemptAnswerBody,
  attemptIdQuery,
  attemptSchema,
  attemptSubmitBody,
  Code,
  envelope,
  EXAM_LIMITS,
  examIdBody,
  examIdQuery,
  examInputSchema,
  examListSchema,
  examResultsSchema,
  examSchema,
  examUpdateBody,
  myExamListSchema,
  questionIdBody,
  questionImportResultSchema,
  questionInputSchema,
  questionListQuery,
  questionListSchema,
  questionSchema,
  questionUpdateBody,
  Routes,
} from '@studio/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamCtxOf } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, invalidInput } from '../../platform/errors.ts';
import { ok } from '../../platform/reply.ts';
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

const team = { auth: 'team' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const attachment = (name: string) => `attachment; filename*=UTF-8''${name}`;
const done = { 200: envelope(z.null()) };

/** An .xlsx is a zip (its first bytes say so); otherwise a file named .csv is read as CSV text. */
const formatOf = (bytes: Buffer, filename: string): 'xlsx' | 'csv' => {
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx';
  if (/\.csv$/i.test(filename)) return 'csv';
  throw new AppError(Code.EXAM_IMPORT_BROKEN);
};

export const examsRoutes =
  (_ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      Routes.exam.questionList,
      {
        config: team,
        schema: {
          summary: "The team's question bank, filtered by type, difficulty, tag or words (OWNER/ADMIN)",
          querystring: questionListQuery,
          response: { 200: envelope(questionListSchema) },
        },
      },
      async (r) => ok(await questionList(teamCtxOf(r), r.query)),
    );
    app.post(
      Routes.exam.questionCreate,
      {
        config: team,
        schema: {
          summary: 'Add a question to the bank',
          body: questionInputSchema,
          response: { 200: envelope(questionSchema) },
        },
      },
      async (r) => ok(await createQuestion(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.exam.questionUpdate,
      {
        config: team,
        schema: {
          summary: 'Edit a question (papers already dealt keep their copy)',
          body: questionUpdateBody,
          response: { 200: envelope(questionSchema) },
        },
      },
      async (r) => ok(await editQuestion(teamCtxOf(r), r.body.questionId, r.body.question)),
    );
    app.post(
      Routes.exam.questionRemove,
      {
        config: team,
        schema: { summary: 'Delete a question from the bank', body: questionIdBody, response: done },
      },
      async (r) => {
        await removeQuestion(teamCtxOf(r), r.body.questionId);
        return ok(null);
      },
    );
    app.post(
      Routes.exam.questionImport,
      {
        config: { ...team, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          summary: 'Import questions from the template (.xlsx or UTF-8 .csv): every row or none',
          description:
            `Multipart, field \`file\`; at most ${EXAM_LIMITS.importMaxBytes / 1024 / 1024} MB and ` +
            `${EXAM_LIMITS.importRowsMax} rows. Formulas are refused (81003), never computed; invalid rows ` +
            'answer 81004 with `data.rows` [{ row, message }] and nothing is stored.',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(questionImportResultSchema) },
        },
      },
      async (r) => {
        if (!r.isMultipart()) throw invalidInput('file', 'multipartRequired');
        const part = await r.file({ limits: { fileSize: EXAM_LIMITS.importMaxBytes, files: 1 } });
        if (!part) throw invalidInput('file', 'fileMissing');
        let bytes: Buffer;
        try {
          bytes = await part.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError(Code.EXAM_IMPORT_TOO_LARGE, {
              params: { maxMb: EXAM_LIMITS.importMaxBytes / 1024 / 1024 },
            });
          throw err;
        }
        return ok(await importQuestions(teamCtxOf(r), { bytes, format: formatOf(bytes, part.filename) }));
      },
    );
    app.get(
      Routes.exam.questionExport,
      { config: team, schema: { summary: "The whole bank as an .xlsx in the import template's columns" } },
      async (r, reply) =>
        reply
          .type(XLSX)
          .header('content-disposition', attachment('questions.xlsx'))
          .send(await exportQuestions(teamCtxOf(r))),
    );
    app.get(
      Routes.exam.questionTemplate,
      {
        config: team,
        schema: { summary: 'The import template (.xlsx): its columns and an example of each type' },
      },
      async (r, reply) =>
        reply
          .type(XLSX)
          .header('content-disposition', attachment('question-template.xlsx'))
          .send(await questionTemplate(teamCtxOf(r))),
    );
    app.get(
      Routes.exam.list,
      {
        config: team,
        schema: {
          summary: "The team's exams with their attempt counts (OWNER/ADMIN)",
          response: { 200: envelope(examListSchema) },
        },
      },
      async (r) => ok(await examList(teamCtxOf(r))),
    );
    app.post(
      Routes.exam.create,
      {
        config: team,
        schema: {
          summary:
            'Make an exam from the bank, by a list of questions or by rules (81010 when the bank has too few)',
          body: examInputSchema,
          response: { 200: envelope(examSchema) },
        },
      },
      async (r) => ok(await createExam(teamCtxOf(r), r.body)),
    );
    app.post(
      Routes.exam.update,
      {
        config: team,
        schema: {
          summary: "Change an exam's questions or settings",
          body: examUpdateBody,
          response: { 200: envelope(examSchema) },
        },
      },
      async (r) => ok(await editExam(teamCtxOf(r), r.body.examId, r.body.exam)),
    );
    app.post(
      Routes.exam.close,
      {
        config: team,
        schema: {
          summary: 'Close an exam now (running attempts end)',
          body: examIdBody,
          response: { 200: envelope(examSchema) },
        },
      },
      async (r) => ok(await closeExamNow(teamCtxOf(r), r.body.examId)),
    );
    app.post(
      Routes.exam.remove,
      {
        config: team,
        schema: { summary: 'Delete an exam and its attempts', body: examIdBody, response: done },
      },
      async (r) => {
        await removeExam(teamCtxOf(r), r.body.examId);
        return ok(null);
      },
    );
    app.get(
      Routes.exam.results,
      {
        config: team,
        schema: {
          summary: "Every member's attempts at an exam (OWNER/ADMIN)",
          querystring: examIdQuery,
          response: { 200: envelope(examResultsSchema) },
        },
      },
      async (r) => ok(await examResults(teamCtxOf(r), r.query.examId)),
    );
    app.get(
      Routes.exam.myList,
      {
        config: team,
        schema: {
          summary: "The team's exams with the asker's attempts",
          response: { 200: envelope(myExamListSchema) },
        },
      },
      async (r) => ok(await myExams(teamCtxOf(r))),
    );
    app.post(
      Routes.exam.start,
      {
        config: team,
        schema: {
          summary: 'Start an attempt (or resume the running one): the deadline is set by the server now',
          body: examIdBody,
          response: { 200: envelope(attemptSchema) },
        },
      },
      async (r) => ok(await startAttempt(teamCtxOf(r), r.body.examId)),
    );
    app.get(
      Routes.exam.attempt,
      {
        config: team,
        schema: {
          summary: "The asker's attempt, in its order; handed in and graded first when its time is over",
          querystring: attemptIdQuery,
          response: { 200: envelope(attemptSchema) },
        },
      },
      async (r) => ok(await readAttempt(teamCtxOf(r), r.query.attemptId)),
    );
    app.post(
      Routes.exam.answer,
      {
        config: team,
        schema: {
          summary: 'Save one answer (null clears it) while the attempt runs',
          body: attemptAnswerBody,
          response: done,
        },
      },
      async (r) => {
        await answerQuestion(teamCtxOf(r), r.body);
        return ok(null);
      },
    );
    app.post(
      Routes.exam.submit,
      {
        config: team,
        schema: {
          summary: 'Hand in (with the last answers); the server grades from the answers alone',
          body: attemptSubmitBody,
          response: { 200: envelope(attemptSchema) },
        },
      },
      async (r) => ok(await submitAttempt(teamCtxOf(r), r.body)),
    );
  };
