/** Learning: 我的学习, the course player, progress, quizzes, certificates and the team's report. */
import { z } from 'zod';
import { LEARN_WATCH } from '../constants.ts';
import { QUIZ_LIMITS, QUIZ_ID, type QuizAnswer } from '../quiz.ts';
import { idSchema, INT32_MAX, pageQuerySchema, queryIdSchema } from './common.ts';
import { completionSettingsSchema, docNodeSchema } from './course.ts';

export const LEARN_FILTERS = ['all', 'in_progress', 'completed'] as const;
export type LearnFilter = (typeof LEARN_FILTERS)[number];

/** A lesson's state for one learner: 未开始 / 学习中 / 已完成 / 已更新 (completed, then changed by a release). */
export const LESSON_LEARN_STATES = ['not_started', 'in_progress', 'completed', 'updated'] as const;
export type LessonLearnState = (typeof LESSON_LEARN_STATES)[number];

/** Where a course comes from for the learner's team: bought in the store, or the team's own release. */
export const LEARN_SOURCES = ['bought', 'own'] as const;

export const learnListQuery = z.object({ filter: z.enum(LEARN_FILTERS).default('all') });

export const learnCourseItemSchema = z.object({
  courseId: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  cover: z.string(),
  /** The team that wrote the course. */
  teamName: z.string(),
  source: z.enum(LEARN_SOURCES),
  versionNo: z.number().int(),
  lessonCount: z.number().int(),
  completedCount: z.number().int(),
  /** Whole percent of lessons completed (0–100). */
  progress: z.number().int(),
  lastStudiedAt: z.number().nullable(),
  /** The lesson 继续学习 opens. */
  resumeLessonId: z.number().int().nullable(),
  completedAt: z.number().nullable(),
  certificateCode: z.string().nullable(),
});
export type LearnCourseItem = z.infer<typeof learnCourseItemSchema>;

export const learnListSchema = z.object({ list: z.array(learnCourseItemSchema) });

/** A quiz as the learner sees it, with the learner's last attempt (and then its key) once answered. */
export const quizResultSchema = z.object({
  quizId: z.string(),
  correct: z.boolean(),
  answer: z.union([z.object({ choices: z.array(z.number().int()) }), z.object({ text: z.string() })]),
  /** The right choices (choice quizzes) or accepted answers (blanks), shown after answering. */
  correctChoices: z.array(z.number().int()),
  accepted: z.array(z.string()),
  explanation: z.string(),
  attempts: z.number().int(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;

/** What the learner watched of one media block of a lesson, and where the player resumes it. */
export const mediaWatchSchema = z.object({
  mediaId: z.number().int(),
  /** The media's duration (null: not known yet, still uploading or unreadable). */
  durationMs: z.number().int().nullable(),
  /** The union of the intervals played: watching a part twice or skipping ahead adds nothing. */
  watchedMs: z.number().int(),
  /** Where the player resumes (any device). */
  positionMs: z.number().int(),
  /** The furthest point watched (the end of the last interval played): where 禁止拖动 stops a seek. */
  furthestMs: z.number().int(),
  /** watchedMs of durationMs in whole percent, rounded down (0 without a duration). */
  percent: z.number().int(),
});
export type MediaWatch = z.infer<typeof mediaWatchSchema>;

export const learnLessonSchema = z.object({
  lessonId: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  durationMin: z.number().int(),
  state: z.enum(LESSON_LEARN_STATES),
  /** Content with every quiz's key removed. */
  content: docNodeSchema,
  quizResults: z.array(quizResultSchema),
  quizCount: z.number().int(),
  /** The lesson's quiz score in whole percent by the latest answers (null without quizzes). */
  score: z.number().int().nullable(),
  /** Seconds of the course's minimum time still to spend before the lesson may complete (0: none). */
  waitSeconds: z.number().int(),
  /** Each media block of the lesson (in order): what the learner watched of it and where to resume. */
  media: z.array(mediaWatchSchema),
});
export type LearnLesson = z.infer<typeof learnLessonSchema>;

export const learnCourseSchema = learnCourseItemSchema.extend({
  summary: z.string(),
  /** What completing the course means (its author's settings in this release). */
  completion: completionSettingsSchema,
  /** The course's quiz score in whole percent by the latest answers (null: the course has no quizzes). */
  score: z.number().int().nullable(),
  lessons: z.array(learnLessonSchema),
  /** Where 继续学习 goes: the lesson and how far down it (0–1). */
  resume: z.object({ lessonId: z.number().int(), position: z.number() }).nullable(),
  /**
   * The exam this release carries (课程考试), with the learner's standing: the course completes only
   * once it is passed too (需通过课程考试). Null: the release has none.
   */
  exam: z
    .object({
      examId: z.number().int(),
      title: z.string(),
      passed: z.boolean(),
      bestScore: z.number().int().nullable(),
    })
    .nullable(),
});
export type LearnCourse = z.infer<typeof learnCourseSchema>;

export const learnProgressBody = z.object({
  courseId: idSchema,
  lessonId: idSchema,
  /** How far down the lesson the learner has read, 0–1. */
  position: z.number().min(0).max(1),
  /**
   * The end of the lesson was reached: completes it once the course's minimum time has passed (a
   * lesson without quizzes) or its quizzes reach the pass mark.
   */
  reachedEnd: z.boolean().default(false),
});
export type LearnProgressBody = z.input<typeof learnProgressBody>;

const msSchema = z.number().int().min(0).max(INT32_MAX);

/** A played interval [startMs, endMs) of a media, start before end. */
export const watchIntervalSchema = z
  .tuple([msSchema, msSchema])
  .refine(([start, end]) => start < end, { error: '开始时间须早于结束时间' });

/**
 * A watch save of one media block of a lesson: where the player is, and the intervals played since
 * the previous save (the player sends them every few seconds, on pause and on leaving the page).
 */
export const learnWatchBody = z.object({
  courseId: idSchema,
  lessonId: idSchema,
  mediaId: idSchema,
  positionMs: msSchema,
  intervals: z.array(watchIntervalSchema).max(LEARN_WATCH.intervalsMax).default([]),
});
export type LearnWatchBody = z.input<typeof learnWatchBody>;

export const learnCompleteBody = z.object({ courseId: idSchema, lessonId: idSchema });

/** The answer to a progress save or a completion: the lesson's and the course's state now. */
export const learnProgressSchema = z.object({
  lessonId: z.number().int(),
  state: z.enum(LESSON_LEARN_STATES),
  completedCount: z.number().int(),
  lessonCount: z.number().int(),
  progress: z.number().int(),
  completedAt: z.number().nullable(),
  certificateCode: z.string().nullable(),
  /** The course's quiz score now (null: no quizzes). */
  score: z.number().int().nullable(),
  /** The lesson's quiz score now (null: no quizzes). */
  lessonScore: z.number().int().nullable(),
  /** Seconds before the lesson may complete (the course's minimum time; 0 once passed). */
  waitSeconds: z.number().int(),
});
export type LearnProgress = z.infer<typeof learnProgressSchema>;

/** The answer to a watch save: the media's watch state, and the lesson's and course's (90% completes). */
export const learnWatchedSchema = learnProgressSchema.extend({ watch: mediaWatchSchema });
export type LearnWatched = z.infer<typeof learnWatchedSchema>;

export const quizAnswerSchema: z.ZodType<QuizAnswer> = z.union([
  z.object({
    choices: z
      .array(
        z
          .number()
          .int()
          .min(0)
          .max(QUIZ_LIMITS.optionsMax - 1),
      )
      .min(1)
      .max(QUIZ_LIMITS.optionsMax),
  }),
  z.object({ text: z.string().trim().min(1).max(QUIZ_LIMITS.blankMax) }),
]);

export const quizAnswerBody = z.object({
  courseId: idSchema,
  lessonId: idSchema,
  quizId: z.string().regex(QUIZ_ID),
  answer: quizAnswerSchema,
});

/** An answer's result, with the lesson's and the course's progress after it (a pass completes the lesson). */
export const quizAnsweredSchema = quizResultSchema.extend({ progress: learnProgressSchema });
export type QuizAnswered = z.infer<typeof quizAnsweredSchema>;

/** Any code up to 64 characters: one that is not a certificate's is unknown (404), not malformed (400). */
export const certificateQuery = z.object({ code: z.string().trim().min(1).max(64) });

/** The public verification page: the certificate and nothing else about the learner (but to the learner). */
export const certificateSchema = z.object({
  code: z.string(),
  learnerName: z.string(),
  courseTitle: z.string(),
  /** 颁发团队: the team that made the course. */
  issuerTeamName: z.string(),
  /** 学员团队: the team the learner studied in. */
  learnerTeamName: z.string(),
  issuedAt: z.number(),
  /** 已撤销: the course was refunded or otherwise lost by the learner's team; never valid again. */
  revokedAt: z.number().nullable(),
  /**
   * The course exam (课程考试) its completion needed, passed (null: none was needed): its title and
   * pass mark for anyone; the learner's best passing score only to the learner, signed in (null to
   * anyone else: a verifier learns that they passed, not how well).
   */
  exam: z
    .object({
      title: z.string(),
      passPercent: z.number().int(),
      score: z.number().int().nullable(),
    })
    .nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

export const LEARN_REPORT_SORTS = ['lastActivity', 'progress', 'member', 'course'] as const;

export const learnReportQuery = pageQuerySchema.extend({
  keyword: z.string().trim().max(40).default(''),
  courseId: queryIdSchema.optional(),
  status: z.enum(LEARN_FILTERS).default('all'),
  sort: z.enum(LEARN_REPORT_SORTS).default('lastActivity'),
});
export type LearnReportQuery = z.infer<typeof learnReportQuery>;

export const learnReportRowSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  courseId: z.number().int(),
  courseTitle: z.string(),
  completedCount: z.number().int(),
  lessonCount: z.number().int(),
  progress: z.number().int(),
  lastActivityAt: z.number().nullable(),
  completedAt: z.number().nullable(),
  /** Quizzes answered right at the last attempt / quizzes answered. */
  quizCorrect: z.number().int(),
  quizAnswered: z.number().int(),
  /** Quizzes in the course, and the score by the latest answers (null: no quizzes). */
  quizTotal: z.number().int(),
  score: z.number().int().nullable(),
  /** The course's pass mark, for reading the score. */
  passMark: z.number().int(),
  /** Time watched of the course's video and audio (each block's union of played intervals), ms. */
  watchedMs: z.number().int(),
});
export type LearnReportRow = z.infer<typeof learnReportRowSchema>;

export const learnReportSchema = z.object({
  list: z.array(learnReportRowSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  /** Courses completed per ISO week (Monday, yyyy-mm-dd), the last 12 weeks. */
  weekly: z.array(z.object({ week: z.string(), completions: z.number().int() })),
});
export type LearnReport = z.infer<typeof learnReportSchema>;
