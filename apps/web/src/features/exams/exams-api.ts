import { Routes } from '@studio/contract/constants';
import type {
  Attempt,
  Exam,
  ExamAnswer,
  ExamInput,
  ExamList,
  ExamResults,
  MyExamList,
  Question,
  QuestionImportResult,
  QuestionInput,
  QuestionList,
  QuestionListQuery,
} from '@studio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../lib/request.ts';
import { useTeamId } from '../../lib/current-team.ts';

/** Query keys: everything here belongs to the current team, so its id is in every key. */
export const examKeys = {
  all: ['exams'] as const,
  questions: (teamId: number | undefined, q: Partial<QuestionListQuery>) =>
    ['exams', teamId, 'questions', q] as const,
  exams: (teamId: number | undefined) => ['exams', teamId, 'exams'] as const,
  results: (teamId: number | undefined, examId: number) => ['exams', teamId, 'results', examId] as const,
  mine: (teamId: number | undefined) => ['exams', teamId, 'mine'] as const,
  attempt: (teamId: number | undefined, attemptId: number) =>
    ['exams', teamId, 'attempt', attemptId] as const,
};

/** Filters as sent: blanks left out. */
const params = (q: Partial<QuestionListQuery>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

/** Every call of 题库 and 考试; answers are the envelope's data. */
export const examsApi = {
  questions: (q: Partial<QuestionListQuery>) =>
    api.get<QuestionList>(Routes.exam.questionList, { params: params(q) }).then(unwrap),
  createQuestion: (q: QuestionInput) => api.post<Question>(Routes.exam.questionCreate, q).then(unwrap),
  updateQuestion: (questionId: number, question: QuestionInput) =>
    api.post<Question>(Routes.exam.questionUpdate, { questionId, question }).then(unwrap),
  removeQuestion: (questionId: number) =>
    api.post<null>(Routes.exam.questionRemove, { questionId }).then(unwrap),
  /** Silent: the page shows the refusal itself, with the rows an invalid file names. */
  importQuestions: (file: Blob, name: string) => {
    const form = new FormData();
    form.append('file', file, name);
    return api.post<QuestionImportResult>(Routes.exam.questionImport, form, { silent: true }).then(unwrap);
  },
  exportQuestions: () => api.download(Routes.exam.questionExport),
  template: () => api.download(Routes.exam.questionTemplate),
  exams: () => api.get<ExamList>(Routes.exam.list).then(unwrap),
  createExam: (exam: ExamInput) => api.post<Exam>(Routes.exam.create, exam).then(unwrap),
  updateExam: (examId: number, exam: ExamInput) =>
    api.post<Exam>(Routes.exam.update, { examId, exam }).then(unwrap),
  closeExam: (examId: number) => api.post<Exam>(Routes.exam.close, { examId }).then(unwrap),
  removeExam: (examId: number) => api.post<null>(Routes.exam.remove, { examId }).then(unwrap),
  results: (examId: number) => api.get<ExamResults>(Routes.exam.results, { params: { examId } }).then(unwrap),
  mine: () => api.get<MyExamList>(Routes.exam.myList).then(unwrap),
  start: (examId: number) => api.post<Attempt>(Routes.exam.start, { examId }).then(unwrap),
  attempt: (attemptId: number) =>
    api.get<Attempt>(Routes.exam.attempt, { params: { attemptId } }).then(unwrap),
  answer: (attemptId: number, questionId: number, answer: ExamAnswer | null) =>
    api.post<null>(Routes.exam.answer, { attemptId, questionId, answer }).then(unwrap),
  submit: (attemptId: number, answers: { questionId: number; answer: ExamAnswer | null }[]) =>
    api.post<Attempt>(Routes.exam.submit, { attemptId, answers }).then(unwrap),
};

export const useQuestions = (q: Partial<QuestionListQuery>) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: examKeys.questions(teamId, q),
    queryFn: () => examsApi.questions(q),
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
