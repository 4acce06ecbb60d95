import type {
  DocNode,
  LearnCourse,
  LearnCourseItem,
  LearnLesson,
  LearnProgress,
  LearnReport,
  LearnReportRow,
} from '@studio/contract';

export const paragraph = (text: string): DocNode => ({
  type: 'paragraph',
  content: [{ type: 'text', text }],
});

/** Quiz nodes as the player receives them: the keys stripped (id, kind, question, options only). */
export const singleQuiz: DocNode = {
  type: 'quiz',
  attrs: {
    id: 'q-single',
    kind: 'single',
    question: 'Python 的列表用什么括号？',
    options: ['()', '[]', '{}'],
  },
};
export const blankQuiz: DocNode = {
  type: 'quiz',
  attrs: { id: 'q-blank', kind: 'blank', question: '打印用哪个函数？', options: [] },
};

export const learnLesson = (
  over: Partial<LearnLesson> & Pick<LearnLesson, 'lessonId' | 'title'>,
): LearnLesson => ({
  position: over.lessonId,
  durationMin: 10,
  state: 'not_started',
  content: { type: 'doc', content: [paragraph(`${over.title}的正文`)] },
  quizResults: [],
  quizCount: 0,
  media: [],
  score: null,
  waitSeconds: 0,
  ...over,
});

export const learnItem = (over: Partial<LearnCourseItem> = {}): LearnCourseItem => ({
  courseId: 11,
  title: 'Python 零基础入门',
  subtitle: '从第一行代码到小项目',
  cover: '',
  teamName: '演示团队',
  source: 'bought',
  versionNo: 1,
  lessonCount: 3,
  completedCount: 1,
  progress: 33,
  lastStudiedAt: 1_700_000_000_000,
  resumeLessonId: 2,
  completedAt: null,
  certificateCode: null,
  ...over,
});

/** Lesson 1 completed; lesson 2 (the resume lesson) with two quizzes; lesson 3 not started. */
export const learnCourse = (over: Partial<LearnCourse> = {}): LearnCourse => ({
  ...learnItem(),
  summary: '面向零基础学习者的 Python 入门课程。',
  completion: { minLessonSeconds: 30, passMark: 60, maxQuizAttempts: null },
  score: 0,
  lessons: [
    learnLesson({ lessonId: 1, title: '认识 Python', state: 'completed' }),
    learnLesson({
      lessonId: 2,
      title: '列表',
      state: 'in_progress',
      quizCount: 2,
      score: 0,
      content: {
        type: 'doc',
        content: [paragraph('列表可以存放多个值。'), singleQuiz, paragraph('接下来学习打印。'), blankQuiz],
      },
    }),
    learnLesson({ lessonId: 3, title: '小结', waitSeconds: 30 }),
  ],
  resume: { lessonId: 2, position: 0.4 },
  exam: null,
  ...over,
});

export const learnProgress = (over: Partial<LearnProgress> = {}): LearnProgress => ({
  lessonId: 2,
  state: 'in_progress',
  completedCount: 1,
  lessonCount: 3,
  progress: 33,
  completedAt: null,
  certificateCode: null,
  score: 0,
  lessonScore: 0,
  waitSeconds: 0,
  ...over,
});

/** One member × course line of the team learning report: 小红 halfway through Python, 3 of 4 quizzes right. */
export const reportRow = (over: Partial<LearnReportRow> = {}): LearnReportRow => ({
  userId: 2,
  nickName: '小红',
  courseId: 11,
  courseTitle: 'Python 零基础入门',
  completedCount: 2,
  lessonCount: 4,
  progress: 50,
  watchedMs: 0,
  lastActivityAt: 1_700_000_000_000,
  completedAt: null,
  quizCorrect: 3,
  quizAnswered: 4,
  quizTotal: 4,
  score: 75,
  passMark: 60,
  ...over,
});

/** Twelve Mondays from 2025-01-06, with the completions given (zero where none). */
export const reportWeeks = (completions: number[] = []): LearnReport['weekly'] =>
  Array.from({ length: 12 }, (_, i) => ({
    week: new Date(Date.UTC(2025, 0, 6 + i * 7)).toISOString().slice(0, 10),
    completions: completions[i] ?? 0,
  }));

export const learnReport = (over: Partial<LearnReport> = {}): LearnReport => ({
  list: [reportRow()],
  total: 1,
  pageNum: 1,
  pageSize: 10,
  weekly: reportWeeks(),
  ...over,
});
