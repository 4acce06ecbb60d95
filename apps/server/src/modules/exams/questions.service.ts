/**
 * The team's question bank (OWNER/ADMIN): list with filters, add, edit, delete, import (all rows or
 * none, each row checked by the same schema as a hand-made question) and export.
 */
import {
  Code,
  EXAM_LIMITS,
  type Question,
  type QuestionImportResult,
  type QuestionInput,
  type QuestionList,
  type QuestionListQuery,
} from '@studio/contract';
import type { ExamQuestionRow } from '../../db/schema.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { questionsToSheet, readQuestionSheet, templateSheet, type SheetFormat } from './question-sheet.ts';
import {
  deleteQuestion,
  insertQuestions,
  listQuestions,
  questionsWhere,
  teamTags,
  updateQuestion,
  type NewQuestion,
} from './questions.repo.ts';

export const toQuestion = (r: ExamQuestionRow): Question => ({
  questionId: r.id,
  type: r.type,
  stem: r.stem,
  options: r.options,
  answer: r.answer,
  explanation: r.explanation,
  tags: r.tags,
  difficulty: r.difficulty,
  updateTime: r.updatedAt.getTime(),
});

/** What is stored of a checked question: choices only on choice types, tags without repeats. */
export const toNewQuestion = (q: QuestionInput): NewQuestion => ({
  type: q.type,
  stem: q.stem,
  options: q.type === 'single' || q.type === 'multiple' ? q.options : [],
  answer: q.type === 'multiple' ? [...q.answer].sort((a, b) => a - b) : q.answer,
  explanation: q.explanation,
  tags: [...new Set(q.tags)],
  difficulty: q.difficulty,
});

const teamOf = (c: TeamCtx) => c.membership.team.id;

export async function questionList(c: TeamCtx, q: QuestionListQuery): Promise<QuestionList> {
  authorize(c, 'question.view');
  const { pageNum, pageSize, ...filter } = q;
  const { rows, total } = await listQuestions(c.ctx.db, teamOf(c), filter, {
    limit: pageSize,
    offset: (pageNum - 1) * pageSize,
  });
  return { list: rows.map(toQuestion), total, pageNum, pageSize, tags: await teamTags(c.ctx.db, teamOf(c)) };
}

export async function createQuestion(c: TeamCtx, q: QuestionInput): Promise<Question> {
  authorize(c, 'question.manage');
  const [row] = await insertQuestions(c.ctx.db, teamOf(c), c.actor.user.id, [toNewQuestion(q)]);
  return toQuestion(row!);
}

export async function editQuestion(c: TeamCtx, questionId: number, q: QuestionInput): Promise<Question> {
  authorize(c, 'question.manage');
  const row = await updateQuestion(c.ctx.db, teamOf(c), questionId, toNewQuestion(q));
  if (!row) throw new AppError(Code.NOT_FOUND);
  return toQuestion(row);
}

/** Papers already dealt keep their copy of the question; exams listing it deal the rest. */
export async function removeQuestion(c: TeamCtx, questionId: number): Promise<void> {
  authorize(c, 'question.manage');
  if (!(await deleteQuestion(c.ctx.db, teamOf(c), questionId))) throw new AppError(Code.NOT_FOUND);
}

export async function importQuestions(
  c: TeamCtx,
  file: { bytes: Buffer; format: SheetFormat },
): Promise<QuestionImportResult> {
  authorize(c, 'question.manage');
  const questions = await readQuestionSheet(file.bytes, file.format);
  // One statement: every row or none.
  const rows = await insertQuestions(c.ctx.db, teamOf(c), c.actor.user.id, questions.map(toNewQuestion));
  return { imported: rows.length };
}

export async function exportQuestions(c: TeamCtx): Promise<Buffer> {
  authorize(c, 'question.view');
  return questionsToSheet(await questionsWhere(c.ctx.db, teamOf(c), {}));
}

export async function questionTemplate(c: TeamCtx): Promise<Buffer> {
  authorize(c, 'question.view');
  return templateSheet();
}

export const IMPORT_MAX_BYTES = EXAM_LIMITS.importMaxBytes;
