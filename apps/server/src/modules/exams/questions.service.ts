/**
 * A question bank — the team's (OWNER/ADMIN) or a course's (its authors; `owner.ts`): list with
 * filters, add, edit, delete, import (all rows or none, each row checked by the same schema as a
 * hand-made question) and export.
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
import { AppError } from '../../platform/errors.ts';
import type { ExamScope } from './owner.ts';
import { questionsToSheet, readQuestionSheet, templateSheet, type SheetFormat } from './question-sheet.ts';
import {
  deleteQuestion,
  insertQuestions,
  listQuestions,
  questionsWhere,
  ownerTags,
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

export async function questionList(s: ExamScope, q: QuestionListQuery): Promise<QuestionList> {
  s.authorize('question', 'view');
  const { pageNum, pageSize, ...filter } = q;
  const { rows, total } = await listQuestions(s.c.ctx.db, s.owner, filter, {
    limit: pageSize,
    offset: (pageNum - 1) * pageSize,
  });
  return { list: rows.map(toQuestion), total, pageNum, pageSize, tags: await ownerTags(s.c.ctx.db, s.owner) };
}

export async function createQuestion(s: ExamScope, q: QuestionInput): Promise<Question> {
  s.authorize('question', 'manage');
  const [row] = await insertQuestions(s.c.ctx.db, s.owner, s.c.actor.user.id, [toNewQuestion(q)]);
  return toQuestion(row!);
}

export async function editQuestion(s: ExamScope, questionId: number, q: QuestionInput): Promise<Question> {
  s.authorize('question', 'manage');
  const row = await updateQuestion(s.c.ctx.db, s.owner, questionId, toNewQuestion(q));
  if (!row) throw new AppError(Code.NOT_FOUND);
  return toQuestion(row);
}

/** Papers already dealt (and released course exams) keep their copy; exams listing it deal the rest. */
export async function removeQuestion(s: ExamScope, questionId: number): Promise<void> {
  s.authorize('question', 'manage');
  if (!(await deleteQuestion(s.c.ctx.db, s.owner, questionId))) throw new AppError(Code.NOT_FOUND);
}

export async function importQuestions(
  s: ExamScope,
  file: { bytes: Buffer; format: SheetFormat },
): Promise<QuestionImportResult> {
  s.authorize('question', 'manage');
  const questions = await readQuestionSheet(file.bytes, file.format);
  // One statement: every row or none.
  const rows = await insertQuestions(s.c.ctx.db, s.owner, s.c.actor.user.id, questions.map(toNewQuestion));
  return { imported: rows.length };
}

export async function exportQuestions(s: ExamScope): Promise<Buffer> {
  s.authorize('question', 'view');
  return questionsToSheet(await questionsWhere(s.c.ctx.db, s.owner, {}));
}

export async function questionTemplate(s: ExamScope): Promise<Buffer> {
  s.authorize('question', 'view');
  return templateSheet();
}

export const IMPORT_MAX_BYTES = EXAM_LIMITS.importMaxBytes;
