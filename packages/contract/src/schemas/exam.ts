/**
 * Exams: a team's question bank (单选, 多选, 判断, 填空), exams drawn from it by a list or by rules,
 * and attempts graded by the server. A learner's payload never carries answer keys before the
 * exam's `showAnswers` allows; the client never sends a score (no schema here has one).
 */
import { z } from 'zod';
import { epochMsSchema, idSchema, pageQuerySchema, pageSchema, queryIdSchema } from './common.ts';

export const EXAM_LIMITS = {
  stemMax: 2000,
  optionMax: 500,
  optionsMin: 2,
  optionsMax: 8,
  fillAnswersMax: 10,
  fillAnswerMax: 200,
  explanationMax: 1000,
  tagsMax: 10,
  tagMax: 20,
  importRowsMax: 2000,
  importMaxBytes: 5 * 1024 * 1024,
  questionsPerExamMax: 200,
  rulesMax: 10,
  timeLimitMaxMinutes: 600,
  attemptsMax: 100,
} as const;

export const QUESTION_TYPES = ['single', 'multiple', 'judge', 'fill'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
/** When a learner sees the right answers of a handed-in paper. */
export const SHOW_ANSWERS = ['never', 'afterSubmit', 'afterClose'] as const;
export type ShowAnswers = (typeof SHOW_ANSWERS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);
const optionsSchema = z
  .array(text(EXAM_LIMITS.optionMax))
  .min(EXAM_LIMITS.optionsMin)
  .max(EXAM_LIMITS.optionsMax);
const optionIndex = z
  .number()
  .int()
  .min(0)
  .max(EXAM_LIMITS.optionsMax - 1);

const common = {
  stem: text(EXAM_LIMITS.stemMax),
  explanation: z.string().trim().max(EXAM_LIMITS.explanationMax).default(''),
  tags: z.array(text(EXAM_LIMITS.tagMax)).max(EXAM_LIMITS.tagsMax).default([]),
  difficulty: z.enum(DIFFICULTIES).default('medium'),
};

/**
 * One question as its author writes it, by hand or as a row of an import (the same schema): the key
 * is an option index (单选), option indexes (多选), true/false (判断), or accepted texts (填空).
 */
export const questionInputSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('single'), ...common, options: optionsSchema, answer: optionIndex }),
    z.object({
      type: z.literal('multiple'),
      ...common,
      options: optionsSchema,
      answer: z.array(optionIndex).min(1).max(EXAM_LIMITS.optionsMax),
    }),
    z.object({ type: z.literal('judge'), ...common, answer: z.boolean() }),
    z.object({
      type: z.literal('fill'),
      ...common,
      answer: z.array(text(EXAM_LIMITS.fillAnswerMax)).min(1).max(EXAM_LIMITS.fillAnswersMax),
    }),
  ])
  .superRefine((q, ctx) => {
    if (q.type !== 'single' && q.type !== 'multiple') return;
    const keys = Array.isArray(q.answer) ? q.answer : [q.answer];
    if (keys.some((k) => k >= q.options.length))
      ctx.addIssue({ code: 'custom', path: ['answer'], message: '答案必须是已有的选项' });
    if (new Set(keys).size !== keys.length)
      ctx.addIssue({ code: 'custom', path: ['answer'], message: '答案选项不能重复' });
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;
/** A question as a request may send it (explanation, tags and difficulty may be left out). */
export type QuestionInputBody = z.input<typeof questionInputSchema>;

export const questionSchema = z.object({
  questionId: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  /** Choices' texts ([] for 判断 and 填空). */
  options: z.array(z.string()),
  answer: z.union([z.number().int(), z.array(z.number().int()), z.boolean(), z.array(z.string())]),
  explanation: z.string(),
  tags: z.array(z.string()),
  difficulty: z.enum(DIFFICULTIES),
  updateTime: z.number(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionListQuery = pageQuerySchema.extend({
  type: z.enum(QUESTION_TYPES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  tag: z.string().trim().max(EXAM_LIMITS.tagMax).optional(),
  keyword: z.string().trim().max(50).optional(),
});
export type QuestionListQuery = z.infer<typeof questionListQuery>;
export const questionListSchema = pageSchema(questionSchema).extend({
  /** Every tag of the team's bank, for the filter. */
  tags: z.array(z.string()),
});
export type QuestionList = z.infer<typeof questionListSchema>;

export const questionUpdateBody = z.object({ questionId: idSchema, question: questionInputSchema });
export const questionIdBody = z.object({ questionId: idSchema });
export const questionImportResultSchema = z.object({ imported: z.number().int() });
export type QuestionImportResult = z.infer<typeof questionImportResultSchema>;
/** The data of 81004: which rows are wrong and why (row numbers as the spreadsheet shows them). */
export type QuestionImportErrors = { count: number; rows: { row: number; message: string }[] };

/** Draw `count` questions matching every given filter (tag, type, difficulty). */
export const examRuleSchema = z.object({
  tag: z.string().trim().min(1).max(EXAM_LIMITS.tagMax).optional(),
  type: z.enum(QUESTION_TYPES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  count: z.number().int().min(1).max(EXAM_LIMITS.questionsPerExamMax),
});
export type ExamRule = z.infer<typeof examRuleSchema>;

export const examSourceSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('list'),
    questionIds: z.array(idSchema).min(1).max(EXAM_LIMITS.questionsPerExamMax),
  }),
  z.object({ mode: z.literal('rules'), rules: z.array(examRuleSchema).min(1).max(EXAM_LIMITS.rulesMax) }),
]);
export type ExamSource = z.infer<typeof examSourceSchema>;

export const examInputSchema = z.object({
  title: text(100),
  description: z.string().trim().max(1000).default(''),
  source: examSourceSchema,
  /** null: no time limit. Kept by the server: the deadline is stored when an attempt starts. */
  timeLimitMinutes: z.number().int().min(1).max(EXAM_LIMITS.timeLimitMaxMinutes).nullable(),
  maxAttempts: z.number().int().min(1).max(EXAM_LIMITS.attemptsMax),
  passPercent: z.number().int().min(0).max(100),
  shuffleQuestions: z.boolean().default(false),
  shuffleOptions: z.boolean().default(false),
  showAnswers: z.enum(SHOW_ANSWERS).default('afterSubmit'),
  /** When the exam closes (epoch ms); null: open until closed by hand. */
  closeTime: epochMsSchema.nullable().default(null),
});
export type ExamInput = z.input<typeof examInputSchema>;
export const examUpdateBody = z.object({ examId: idSchema, exam: examInputSchema });
export const examIdBody = z.object({ examId: idSchema });
export const examIdQuery = z.object({ examId: queryIdSchema });

/** An exam as its managers see it. */
export const examSchema = z.object({
  examId: z.number().int(),
  title: z.string(),
  description: z.string(),
  source: examSourceSchema,
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  maxAttempts: z.number().int(),
  passPercent: z.number().int(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  showAnswers: z.enum(SHOW_ANSWERS),
  closeTime: z.number().nullable(),
  closed: z.boolean(),
  attemptCount: z.number().int(),
  passedCount: z.number().int(),
  createTime: z.number(),
});
export type Exam = z.infer<typeof examSchema>;
export const examListSchema = z.object({ list: z.array(examSchema) });
export type ExamList = z.infer<typeof examListSchema>;

/** An exam as a member sees it in 考试: its rules and their own record. */
export const myExamSchema = z.object({
  examId: z.number().int(),
  title: z.string(),
  description: z.string(),
  questionCount: z.number().int(),
  timeLimitMinutes: z.number().int().nullable(),
  maxAttempts: z.number().int(),
  passPercent: z.number().int(),
  closeTime: z.number().nullable(),
  closed: z.boolean(),
  attemptsUsed: z.number().int(),
  bestScore: z.number().int().nullable(),
  passed: z.boolean(),
  /** An attempt still running (resume it), else null. */
  openAttemptId: z.number().int().nullable(),
  lastAttemptId: z.number().int().nullable(),
});
export type MyExam = z.infer<typeof myExamSchema>;
export const myExamListSchema = z.object({ list: z.array(myExamSchema) });
export type MyExamList = z.infer<typeof myExamListSchema>;

/** A learner's answer: an option index, option indexes, true/false or a text, by the question's type. */
// Text first: the union's first member is what generic tools (the OpenAPI edge tests) take it for.
const optionPick = z
  .number()
  .int()
  .min(0)
  .max(EXAM_LIMITS.optionsMax - 1);
export const examAnswerSchema = z.union([
  z.string().max(EXAM_LIMITS.fillAnswerMax),
  optionPick,
  z.array(optionPick).max(EXAM_LIMITS.optionsMax),
  z.boolean(),
]);
export type ExamAnswer = z.infer<typeof examAnswerSchema>;

export const attemptAnswerBody = z.object({
  attemptId: idSchema,
  questionId: idSchema,
  answer: examAnswerSchema.nullable(),
});
/** Hand in, with the last answers not yet saved one by one. No score: the server grades. */
export const attemptSubmitBody = z.object({
  attemptId: idSchema,
  answers: z
    .array(z.object({ questionId: idSchema, answer: examAnswerSchema.nullable() }))
    .max(EXAM_LIMITS.questionsPerExamMax)
    .default([]),
});
export const attemptIdQuery = z.object({ attemptId: queryIdSchema });

/** A question of an attempt, in the attempt's order, options in its order; never its key. */
export const attemptQuestionSchema = z.object({
  questionId: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(z.string()),
});
export const attemptReviewSchema = z.object({
  questionId: z.number().int(),
  correct: z.boolean(),
  /** In the attempt's option order. */
  key: z.union([z.number().int(), z.array(z.number().int()), z.boolean(), z.array(z.string())]),
  explanation: z.string(),
});
export const attemptResultSchema = z.object({
  score: z.number().int(),
  passed: z.boolean(),
  correctCount: z.number().int(),
  total: z.number().int(),
});
export const attemptSchema = z.object({
  attemptId: z.number().int(),
  examId: z.number().int(),
  /** A course's exam (课程考试): its course, where the paper leads back to; null: the team's exam. */
  courseId: z.number().int().nullable(),
  title: z.string(),
  attemptNo: z.number().int(),
  maxAttempts: z.number().int(),
  passPercent: z.number().int(),
  status: z.enum(['inProgress', 'submitted']),
  /** The server's deadline (epoch ms), null without a time limit; `serverTime` is the server's now. */
  deadline: z.number().nullable(),
  serverTime: z.number(),
  questions: z.array(attemptQuestionSchema),
  answers: z.record(z.string(), examAnswerSchema),
  result: attemptResultSchema.nullable(),
  /** The right answers, only once the exam's `showAnswers` allows. */
  review: z.array(attemptReviewSchema).nullable(),
});
export type Attempt = z.infer<typeof attemptSchema>;
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

export const examResultsSchema = z.object({
  list: z.array(
    z.object({
      attemptId: z.number().int(),
      userId: z.number().int(),
      nickName: z.string(),
      attemptNo: z.number().int(),
      score: z.number().int().nullable(),
      passed: z.boolean(),
      submitTime: z.number().nullable(),
    }),
  ),
});
export type ExamResults = z.infer<typeof examResultsSchema>;

/** A course's exam (课程考试): its questions and draft are edited by the course's authors. */
export const courseQuestionListQuery = questionListQuery.extend({ courseId: queryIdSchema });
export const courseQuestionCreateBody = z.object({ courseId: idSchema, question: questionInputSchema });
export const courseQuestionUpdateBody = questionUpdateBody.extend({ courseId: idSchema });
export const courseQuestionIdBody = questionIdBody.extend({ courseId: idSchema });
export const courseExamSaveBody = z.object({ courseId: idSchema, exam: examInputSchema });
/** The course's draft exam, or null while it has none. */
export const courseExamDraftSchema = z.object({ exam: examSchema.nullable() });
export type CourseExamDraft = z.infer<typeof courseExamDraftSchema>;
/** A learner's view of the exam the course's release carries (null: the release has none). */
export const myCourseExamSchema = z.object({ exam: myExamSchema.nullable() });
export type MyCourseExam = z.infer<typeof myCourseExamSchema>;
