import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { Routes } from '../routes.ts';
import { courseIdBody, courseIdQuery } from '../schemas/course.ts';
import {
  attemptSchema,
  courseExamDraftSchema,
  courseExamSaveBody,
  courseQuestionCreateBody,
  courseQuestionIdBody,
  courseQuestionListQuery,
  courseQuestionUpdateBody,
  examSchema,
  myCourseExamSchema,
  questionImportResultSchema,
  questionListSchema,
  questionSchema,
} from '../schemas/exam.ts';

/** 课程考试: the same bank and exam as a team's, owned by a course (its authors: `course.edit`'s rule). */
export const courseExam = {
  questionList: endpoint({
    method: 'GET',
    path: Routes.courseExam.questionList,
    auth: 'team',
    summary: "The course's questions, filtered like the team's bank (whoever may edit the course)",
    input: courseQuestionListQuery,
    output: questionListSchema,
  }),
  questionCreate: endpoint({
    method: 'POST',
    path: Routes.courseExam.questionCreate,
    auth: 'team',
    summary: "Add a question to the course's exam questions",
    input: courseQuestionCreateBody,
    output: questionSchema,
  }),
  questionUpdate: endpoint({
    method: 'POST',
    path: Routes.courseExam.questionUpdate,
    auth: 'team',
    summary: "Edit a course's question (releases keep their copy)",
    input: courseQuestionUpdateBody,
    output: questionSchema,
  }),
  questionRemove: endpoint({
    method: 'POST',
    path: Routes.courseExam.questionRemove,
    auth: 'team',
    summary: "Delete a course's question (releases keep their copy)",
    input: courseQuestionIdBody,
    output: z.null(),
  }),
  questionImport: endpoint({
    method: 'POST',
    path: Routes.courseExam.questionImport,
    auth: 'team',
    summary: "Import questions into the course's exam questions from the bank's template: every row or none",
    description:
      "Multipart: the field `courseId`, then the field `file`, as the team bank's import (its limits, " +
      'formulas refused with 81003, invalid rows 81004 with `data.rows`).',
    output: questionImportResultSchema,
    rateLimit: { max: 20, timeWindow: '1 minute' },
    multipart: true,
  }),
  draft: endpoint({
    method: 'GET',
    path: Routes.courseExam.draft,
    auth: 'team',
    summary: "The course's exam as its next release will carry it (null: none)",
    input: courseIdQuery,
    output: courseExamDraftSchema,
  }),
  save: endpoint({
    method: 'POST',
    path: Routes.courseExam.save,
    auth: 'team',
    summary: "Create or change the course's exam (learners see it with the next release)",
    input: courseExamSaveBody,
    output: examSchema,
  }),
  remove: endpoint({
    method: 'POST',
    path: Routes.courseExam.remove,
    auth: 'team',
    summary: "Remove the course's exam (the next release carries none)",
    input: courseIdBody,
    output: z.null(),
  }),
  mine: endpoint({
    method: 'GET',
    path: Routes.courseExam.mine,
    auth: 'team',
    summary: "The exam the course's release carries, with the asker's attempts (null: none)",
    input: courseIdQuery,
    output: myCourseExamSchema,
  }),
  start: endpoint({
    method: 'POST',
    path: Routes.courseExam.start,
    auth: 'team',
    summary: "Start (or resume) an attempt at the course's released exam; it belongs to the asker's team",
    input: courseIdBody,
    output: attemptSchema,
  }),
};
