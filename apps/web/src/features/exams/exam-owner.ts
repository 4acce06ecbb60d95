import type { ExamInput, QuestionInput, QuestionListQuery } from '@studio/contract';
import { Routes } from '@studio/contract/constants';
import { createContext, useContext } from 'react';
import { call } from '../../lib/call.ts';
import { api } from '../../lib/request.ts';

/**
 * Whose questions and exam the bank and exam screens work on: the current team's (null), or a
 * course's (课程考试, its authors). One set of screens serves both; only the calls differ.
 */
export type ExamOwner = { courseId: number } | null;

export const ExamOwnerContext = createContext<ExamOwner>(null);
export const useExamOwner = (): ExamOwner => useContext(ExamOwnerContext);

/** Filters as sent: blanks left out. */
export const questionParams = (q: Partial<QuestionListQuery>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

/** An import's form: a course's id goes before the file (the server reads the fields sent before it). */
const sheetForm = (file: Blob, name: string, courseId?: number) => {
  const form = new FormData();
  if (courseId !== undefined) form.append('courseId', String(courseId));
  form.append('file', file, name);
  return form;
};

/** The bank's calls for an owner. */
export const bankApi = (owner: ExamOwner) =>
  owner === null
    ? {
        questions: (q: Partial<QuestionListQuery>) => call.get(Routes.exam.questionList, questionParams(q)),
        createQuestion: (q: QuestionInput) => call.post(Routes.exam.questionCreate, q),
        updateQuestion: (questionId: number, question: QuestionInput) =>
          call.post(Routes.exam.questionUpdate, { questionId, question }),
        removeQuestion: (questionId: number) => call.post(Routes.exam.questionRemove, { questionId }),
        /** Silent: the page shows the refusal itself, with the rows an invalid file names. */
        importQuestions: (file: Blob, name: string) =>
          call.post(Routes.exam.questionImport, sheetForm(file, name), { silent: true }),
        exportQuestions: () => api.download(Routes.exam.questionExport),
        template: () => api.download(Routes.exam.questionTemplate),
      }
    : {
        questions: (q: Partial<QuestionListQuery>) =>
          call.get(Routes.courseExam.questionList, { ...questionParams(q), courseId: owner.courseId }),
        createQuestion: (question: QuestionInput) =>
          call.post(Routes.courseExam.questionCreate, { courseId: owner.courseId, question }),
        updateQuestion: (questionId: number, question: QuestionInput) =>
          call.post(Routes.courseExam.questionUpdate, { courseId: owner.courseId, questionId, question }),
        removeQuestion: (questionId: number) =>
          call.post(Routes.courseExam.questionRemove, { courseId: owner.courseId, questionId }),
        importQuestions: (file: Blob, name: string) =>
          call.post(Routes.courseExam.questionImport, sheetForm(file, name, owner.courseId), {
            silent: true,
          }),
        exportQuestions: () =>
          api.download(Routes.courseExam.questionExport, { params: { courseId: owner.courseId } }),
        template: () =>
          api.download(Routes.courseExam.questionTemplate, { params: { courseId: owner.courseId } }),
      };

/** 课程考试's own calls: its draft (what the next release carries), saving and removing it. */
export const courseExamApi = {
  draft: (courseId: number) => call.get(Routes.courseExam.draft, { courseId }),
  save: (courseId: number, exam: ExamInput) => call.post(Routes.courseExam.save, { courseId, exam }),
  remove: (courseId: number) => call.post(Routes.courseExam.remove, { courseId }),
};
