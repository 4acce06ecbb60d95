import type { LearnReportRow } from '@studio/contract';
import { Progress, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format.ts';

/** "3/4" on screen; in words for screen readers and on hover. */
const QuizFigure = ({ correct, answered }: { correct: number; answered: number }) => {
  const { t } = useTranslation();
  const words = t('learn.report.quizText', { correct, answered });
  return (
    <span title={words}>
      <span aria-hidden>{`${correct}/${answered}`}</span>
      <span className="sr-only">{words}</span>
    </span>
  );
};

/** The course's quiz score against its pass mark: green at or above it, red below. */
const ScoreFigure = ({ score, passMark }: { score: number; passMark: number }) => {
  const { t } = useTranslation();
  return (
    <Typography.Text type={score >= passMark ? 'success' : 'danger'}>
      {t('learn.report.scoreText', { score, passMark })}
    </Typography.Text>
  );
};

/** Watch time in whole minutes (hours past 60). */
const useWatchText = () => {
  const { t } = useTranslation();
  return (ms: number) => {
    const minutes = Math.floor(ms / 60_000);
    if (minutes === 0) return t('learn.report.watch.underMinute');
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return h > 0 ? t('learn.report.watch.hm', { h, m }) : t('learn.report.watch.m', { m });
  };
};

/**
 * 成员, 课程, 完成度 (bar with completed/total), 最近学习, 完成时间, 测验 (correct/answered),
 * 测验得分 (over every quiz of the course, against its pass mark), 观看时长 (its video and audio).
 */
export const useReportColumns = (): ColumnsType<LearnReportRow> => {
  const { t } = useTranslation();
  const muted = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;
  const watchText = useWatchText();
  return [
    {
      key: 'member',
      title: t('learn.report.column.member'),
      dataIndex: 'nickName',
      width: 120,
      ellipsis: true,
    },
    {
      key: 'course',
      title: t('learn.report.column.course'),
      dataIndex: 'courseTitle',
      width: 200,
      ellipsis: true,
    },
    {
      key: 'progress',
      title: t('learn.report.column.progress'),
      width: 190,
      render: (_, row) => (
        <Progress
          className="report-progress"
          percent={row.progress}
          size="small"
          status={row.completedAt !== null ? 'success' : 'normal'}
          aria-label={t('learn.report.column.progress')}
          aria-valuetext={t('learn.list.progressText', { done: row.completedCount, total: row.lessonCount })}
          format={() => `${row.completedCount}/${row.lessonCount}`}
        />
      ),
    },
    {
      key: 'lastActivity',
      title: t('learn.report.column.lastActivity'),
      width: 150,
      render: (_, row) =>
        row.lastActivityAt !== null
          ? formatDateTime(row.lastActivityAt)
          : muted(t('learn.report.notStarted')),
    },
    {
      key: 'completedAt',
      title: t('learn.report.column.completedAt'),
      width: 110,
      render: (_, row) =>
        row.completedAt !== null ? formatDate(row.completedAt) : muted(t('learn.report.notCompleted')),
    },
    {
      key: 'quiz',
      title: t('learn.report.column.quiz'),
      width: 90,
      align: 'right',
      render: (_, row) =>
        row.quizAnswered > 0 ? (
          <QuizFigure correct={row.quizCorrect} answered={row.quizAnswered} />
        ) : (
          muted(t('learn.report.noQuiz'))
        ),
    },
    {
      key: 'score',
      title: t('learn.report.column.score'),
      width: 150,
      align: 'right',
      render: (_, row) =>
        row.score === null ? (
          muted(t('learn.report.noQuizzes'))
        ) : (
          <ScoreFigure score={row.score} passMark={row.passMark} />
        ),
    },
    {
      key: 'watch',
      title: t('learn.report.column.watch'),
      width: 120,
      align: 'right',
      render: (_, row) =>
        row.watchedMs > 0 ? watchText(row.watchedMs) : muted(t('learn.report.watch.none')),
    },
  ];
};
