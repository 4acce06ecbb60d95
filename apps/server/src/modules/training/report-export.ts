/**
 * The task and course reports as .xlsx or CSV: the same service and rights as the screen (each
 * export calls the report it writes), headers in the asker's language.
 */
import {
  chinaDateTime,
  TRAINING_EXPORT_COLUMNS,
  type CourseReportQuery,
  type ExportFormat,
  type TaskReportQuery,
  type UiLang,
} from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { sheetFile, type SheetFile } from '../../platform/sheet-file.ts';
import { courseReport, taskReportWithMembers } from './report.service.ts';

const when = (ms: number | null) => (ms === null ? null : chinaDateTime(ms));

export async function taskReportSheet(c: TeamCtx, q: TaskReportQuery, lang: UiLang): Promise<SheetFile> {
  const { report, members } = await taskReportWithMembers(c, q);
  const col = TRAINING_EXPORT_COLUMNS[lang];
  const withExam = report.exam !== null;
  return {
    header: [
      col.member,
      col.state,
      col.completedCourses,
      col.courses,
      ...(withExam ? [col.examPassed, col.examScore] : []),
      col.doneAt,
    ],
    rows: members.map((m) => [
      m.nickName,
      col[m.state],
      m.completedCourses,
      report.courseCount,
      ...(withExam ? [m.examPassed ? col.yes : col.no, m.examScore] : []),
      when(m.doneAt),
    ]),
  };
}

export async function courseReportSheet(c: TeamCtx, q: CourseReportQuery, lang: UiLang): Promise<SheetFile> {
  const report = await courseReport(c, q);
  const col = TRAINING_EXPORT_COLUMNS[lang];
  return {
    header: [col.lesson, col.lessonCompleted, col.lessonCompletion, col.stopped],
    rows: report.lessons.map((l) => [l.title, l.completed, l.completion, l.stopped]),
  };
}

export const taskReportFile = async (
  c: TeamCtx,
  q: TaskReportQuery & { format: ExportFormat },
  lang: UiLang,
) => sheetFile(q.format, `task-report-${q.taskId}`, 'task', await taskReportSheet(c, q, lang));

export const courseReportFile = async (
  c: TeamCtx,
  q: CourseReportQuery & { format: ExportFormat },
  lang: UiLang,
) => sheetFile(q.format, `course-report-${q.courseId}`, 'course', await courseReportSheet(c, q, lang));
