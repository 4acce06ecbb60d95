/** The team learning report (OWNER/ADMIN): members × courses, a weekly completions chart, CSV export. */
import {
  chinaDateTime,
  chinaDayStart,
  chinaWeek,
  DAY_MS,
  DEFAULT_COMPLETION,
  quizScore,
  quizzesOf,
  type LearnReport,
  type LearnReportQuery,
  type LearnReportRow,
  type UiLang,
} from '@studio/contract';
import { LEARN_REPORT_CSV_COLUMNS } from '@studio/contract/messages-en';
import type { TeamCtx } from '../../platform/auth.ts';
import { authorize } from '../../platform/policy.ts';
import { csvCell } from '../../platform/sheet-file.ts';
import { releaseContent } from './release-content.ts';
import { reportAll, reportPage, weeklyCompletions, type ReportRow } from './report.repo.ts';

const WEEKS = 12;
const CSV_MAX_ROWS = 50_000;

/** What a release asks of its quizzes: how many there are, and the pass mark. */
type QuizRules = { quizTotal: number; passMark: number };

/** The rules of each release the rows name (releases are cached in memory: release-content.ts). */
async function quizRulesOf(c: TeamCtx, rows: ReportRow[]): Promise<Map<number, QuizRules>> {
  const ids = [...new Set(rows.map((r) => r.release_id))];
  const rules = await Promise.all(
    ids.map(async (id) => {
      const { snapshot } = await releaseContent(c.ctx.db, id);
      const quizTotal = snapshot.lessons.reduce((n, l) => n + quizzesOf(l.content).length, 0);
      const passMark = (snapshot.completion ?? DEFAULT_COMPLETION).passMark;
      return [id, { quizTotal, passMark }] as const;
    }),
  );
  return new Map(rules);
}

const toRow = (r: ReportRow, rules: QuizRules): LearnReportRow => ({
  userId: r.user_id,
  nickName: r.nick_name,
  courseId: r.course_id,
  courseTitle: r.course_title,
  completedCount: r.completed_count,
  lessonCount: r.lesson_count,
  progress: r.lesson_count === 0 ? 0 : Math.floor((r.completed_count * 100) / r.lesson_count),
  lastActivityAt: r.last_activity_at ? new Date(r.last_activity_at).getTime() : null,
  completedAt: r.completed_at ? new Date(r.completed_at).getTime() : null,
  quizCorrect: r.quiz_correct,
  quizAnswered: r.quiz_answered,
  quizTotal: rules.quizTotal,
  // Answers to quizzes a later release removed do not count past the quizzes there are.
  score: quizScore(Math.min(r.quiz_correct, rules.quizTotal), rules.quizTotal),
  passMark: rules.passMark,
  watchedMs: r.watched_ms,
});

async function toRows(c: TeamCtx, rows: ReportRow[]): Promise<LearnReportRow[]> {
  const rules = await quizRulesOf(c, rows);
  return rows.map((r) => toRow(r, rules.get(r.release_id)!));
}

/** The last WEEKS weeks, oldest first, with zero where nobody completed a course. */
async function weekly(c: TeamCtx, now = Date.now()) {
  const weeks = Array.from({ length: WEEKS }, (_, i) => chinaWeek(now - (WEEKS - 1 - i) * 7 * DAY_MS));
  const since = chinaDayStart(weeks[0]!);
  const counted = new Map(
    (await weeklyCompletions(c.ctx.db, c.membership.team.id, since)).map((r) => [r.week, r.completions]),
  );
  return weeks.map((week) => ({ week, completions: counted.get(week) ?? 0 }));
}

export async function learnReport(c: TeamCtx, q: LearnReportQuery): Promise<LearnReport> {
  authorize(c, 'learn.report');
  const [rows, weeks] = await Promise.all([reportPage(c.ctx.db, c.membership.team.id, q), weekly(c)]);
  return {
    list: await toRows(c, rows),
    total: rows[0]?.total ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    weekly: weeks,
  };
}

/** A cell as Excel and every spreadsheet read it (formula-safe): the exports' one rule. */
const cell = csvCell;
const dateTime = (ms: number | null) => (ms === null ? null : chinaDateTime(ms));

/** Watch time in minutes with one decimal, as a spreadsheet sums it. */
const watchMinutes = (ms: number) => Math.round(ms / 6000) / 10;

/**
 * The report as CSV (UTF-8 with BOM, so Excel opens the Chinese right), every page, same filters;
 * the header row in the asker's language.
 */
export async function learnReportCsv(c: TeamCtx, q: LearnReportQuery, lang: UiLang): Promise<string> {
  authorize(c, 'learn.report');
  const rows = await toRows(c, await reportAll(c.ctx.db, c.membership.team.id, q, CSV_MAX_ROWS));
  const columns = LEARN_REPORT_CSV_COLUMNS[lang];
  const header = [
    columns.member,
    columns.course,
    columns.completedLessons,
    columns.lessons,
    columns.progress,
    columns.lastActivity,
    columns.completedAt,
    columns.quizCorrect,
    columns.quizAnswered,
    columns.quizTotal,
    columns.score,
    columns.passMark,
    columns.watchMinutes,
  ].map(cell);
  const lines = rows.map((r) =>
    [
      r.nickName,
      r.courseTitle,
      r.completedCount,
      r.lessonCount,
      r.progress,
      dateTime(r.lastActivityAt),
      dateTime(r.completedAt),
      r.quizCorrect,
      r.quizAnswered,
      r.quizTotal,
      r.score,
      r.passMark,
      watchMinutes(r.watchedMs),
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
