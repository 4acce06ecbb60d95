import { Routes } from '@studio/contract/constants';
import type { ExamAnswer, ExamInput, QuestionListQuery } from '@studio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTeamId } from '../../lib/current-team.ts';
import { call } from '../../lib/call.ts';
import { bankApi, questionParams, useExamOwner, type ExamOwner } from './exam-owner.ts';

/** Query keys: everything here belongs to the current team, so its id is in every key. */
export const examKeys = {
  all: ['exams'] as const,
  questions: (teamId: number | undefined, owner: ExamOwner, q: Partial<QuestionListQuery>) =>
    ['exams', teamId, 'questions', owner?.courseId ?? null, q] as const,
  courseDraft: (teamId: number | undefined, courseId: number) =>
    ['exams', teamId, 'course', courseId] as const,
  exams: (teamId: number | undefined) => ['exams', teamId, 'exams'] as const,
  results: (teamId: number | undefined, examId: number) => ['exams', teamId, 'results', examId] as const,
  mine: (teamId: number | undefined) => ['exams', teamId, 'mine'] as const,
  attempt: (teamId: number | undefined, attemptId: number) =>
    ['exams', teamId, 'attempt', attemptId] as const,
};

/** Every call of 题库 and 考试; answers are the envelope's data. The bank's are the team's (`bankApi`). */
export const examsApi = {
  ...bankApi(null),
  exams: () => call.get(Routes.exam.list),
  createExam: (exam: ExamInput) => call.post(Routes.exam.create, exam),
  updateExam: (examId: number, exam: ExamInput) => call.post(Routes.exam.update, { examId, exam }),
  closeExam: (examId: number) => call.post(Routes.exam.close, { examId }),
  removeExam: (examId: number) => call.post(Routes.exam.remove, { examId }),
  results: (examId: number) => call.get(Routes.exam.results, { examId }),
  mine: () => call.get(Routes.exam.myList),
  start: (examId: number) => call.post(Routes.exam.start, { examId }),
  attempt: (attemptId: number) => call.get(Routes.exam.attempt, { attemptId }),
  answer: (attemptId: number, questionId: number, answer: ExamAnswer | null) =>
    call.post(Routes.exam.answer, { attemptId, questionId, answer }),
  submit: (attemptId: number, answers: { questionId: number; answer: ExamAnswer | null }[]) =>
    call.post(Routes.exam.submit, { attemptId, answers }),
};

/** The bank of the screen's owner (the team's, or a course's: `ExamOwnerContext`). */
export const useQuestions = (q: Partial<QuestionListQuery>) => {
  const teamId = useTeamId();
  const owner = useExamOwner();
  return useQuery({
    queryKey: examKeys.questions(teamId, owner, q),
    queryFn: () => bankApi(owner).questions(questionParams(q)),
    placeholderData: keepPreviousData,
  });
};

export const useExams = () => {
  const teamId = useTeamId();
  return useQuery({ queryKey: examKeys.exams(teamId), queryFn: examsApi.exams });
};

export const useExamResults = (examId: number | null) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: examKeys.results(teamId, examId ?? 0),
    queryFn: () => examsApi.results(examId!),
    enabled: examId !== null,
  });
};

export const useMyExams = () => {
  const teamId = useTeamId();
  return useQuery({ queryKey: examKeys.mine(teamId), queryFn: examsApi.mine });
};

export const useAttempt = (attemptId: number) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: examKeys.attempt(teamId, attemptId),
    queryFn: () => examsApi.attempt(attemptId),
  });
};
