import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { courseIdQuery } from '../schemas/course.ts';
import {
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
} from '../schemas/learn.ts';

export const learn = {
  list: endpoint({
    method: 'GET',
    path: Routes.learn.list,
    auth: 'team',
    summary: "我的学习: the team's courses (bought, and its own released ones) with this learner's progress",
    input: learnListQuery,
    output: learnListSchema,
  }),
  course: endpoint({
    method: 'GET',
    path: Routes.learn.course,
    auth: 'team',
    summary:
      'The course player: the latest release with quiz answer keys removed, lesson states, quiz results and where to resume (404 unless the team holds the course)',
    input: courseIdQuery,
    output: learnCourseSchema,
  }),
  progress: endpoint({
    method: 'POST',
    path: Routes.learn.progress,
    auth: 'team',
    summary:
      "Where the learner is in a lesson (idempotent); reaching the end completes it once the course's rules allow (minimum time, quizzes passed)",
    input: learnProgressBody,
    output: learnProgressSchema,
  }),
  complete: endpoint({
    method: 'POST',
    path: Routes.learn.complete,
    auth: 'team',
    summary:
      "标记为已学完 (60001 a quiz unanswered, 30031 below the pass mark, 30030 before the course's minimum time); the last lesson completes the course when its quiz score reaches the pass mark",
    input: learnCompleteBody,
    output: learnProgressSchema,
  }),
  watch: endpoint({
    method: 'POST',
    path: Routes.learn.watch,
    auth: 'team',
    summary:
      'Watch progress of a video or audio block in a lesson: the position and the intervals played since the last save; the union is kept (skipping ahead adds nothing), at most the wall-clock time since the last save at 2× is believed, and the lesson completes when each of its media is 90% watched (HTTP 400 with 60017 a media not in the lesson, 60018 past its duration; 30047 not ready; 404 unless the team holds the course)',
    input: learnWatchBody,
    output: learnWatchedSchema,
  }),
  report: endpoint({
    method: 'GET',
    path: Routes.learn.report,
    auth: 'team',
    summary:
      'The team learning report (OWNER/ADMIN): every member × every course the team learns, paged, with completions per week',
    input: learnReportQuery,
    output: learnReportSchema,
  }),
};
