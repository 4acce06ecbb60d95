import type { MyExam } from '@studio/contract';

/** A member's exam as 考试 and a course's 课程考试 card receive it: not yet taken. */
export const myExam = (over: Partial<MyExam> = {}): MyExam => ({
  examId: 5,
  title: '安全考试',
  description: '',
  questionCount: 3,
  timeLimitMinutes: 30,
  maxAttempts: 2,
  passPercent: 60,
  closeTime: null,
  closed: false,
  attemptsUsed: 0,
  bestScore: null,
  passed: false,
  openAttemptId: null,
  lastAttemptId: null,
  ...over,
});
