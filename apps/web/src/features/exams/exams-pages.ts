/** The exam pages, one lazy chunk: 考试, a paper, 题库, 考试管理. */
export { MyExamsPage } from './my-exams-page.tsx';
export { AttemptPage } from './attempt-page.tsx';
export { QuestionBankPage } from './question-bank-page.tsx';
export { ExamManagePage } from './exam-manage-page.tsx';
