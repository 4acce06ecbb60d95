import type { LearnCourse } from '@studio/contract';
import { Routes, WebPaths } from '@studio/contract/constants';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../lib/call.ts';
import { useTeamId } from '../../../lib/current-team.ts';
import { learnKeys } from '../learn-api.ts';

/**
 * 课程考试 on the course's learning page: the exam this release carries (the course completes only
 * once it is passed), the learner's attempts, and starting or resuming one — on the same paper page
 * as the team's exams.
 */
export const CourseExamCard = ({ course }: { course: LearnCourse }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const teamId = useTeamId();
  const { courseId } = course;
  const mine = useQuery({
    queryKey: [...learnKeys.course(teamId, courseId), 'exam'],
    queryFn: () => call.get(Routes.courseExam.mine, { courseId }),
    // A release without an exam asks nothing more.
    enabled: course.exam !== null,
  });
  const start = useMutation({
    mutationFn: () => call.post(Routes.courseExam.start, { courseId }),
    onSuccess: (attempt) => void navigate(WebPaths.examAttempt(attempt.attemptId)),
  });
  const exam = mine.data?.exam;
  if (!course.exam) return null;
  const titleId = `learn-exam-${courseId}`;
  const left = exam ? exam.maxAttempts - exam.attemptsUsed : 0;
  return (
    <Card size="small" loading={mine.isPending}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Flex vertical gap={4}>
          <h2 className="learn-checklist-title" id={titleId}>
            {t('exams.course.title')} · {course.exam.title}{' '}
            {course.exam.passed ? (
              <Tag color="success">{t('exams.mine.passed')}</Tag>
            ) : (
              exam?.lastAttemptId != null && <Tag color="error">{t('exams.mine.failed')}</Tag>
            )}
          </h2>
          {exam && (
            <Typography.Text type="secondary">
              {[
                t('exams.mine.questionCount', { count: exam.questionCount }),
                exam.timeLimitMinutes === null
                  ? t('exams.mine.noTimeLimit')
                  : t('exams.mine.timeLimit', { minutes: exam.timeLimitMinutes }),
                t('exams.mine.passLine', { percent: exam.passPercent }),
                t('exams.mine.attempts', { used: exam.attemptsUsed, max: exam.maxAttempts }),
                ...(exam.bestScore === null ? [] : [t('exams.mine.best', { score: exam.bestScore })]),
              ].join(' · ')}
            </Typography.Text>
          )}
        </Flex>
        {exam &&
          (exam.openAttemptId !== null ? (
            <Button type="primary" onClick={() => void navigate(WebPaths.examAttempt(exam.openAttemptId!))}>
              {t('exams.mine.resume')}
            </Button>
          ) : !exam.passed && left > 0 ? (
            <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
              {exam.attemptsUsed === 0 ? t('exams.mine.start') : t('exams.mine.retake')}
            </Button>
          ) : (
            exam.lastAttemptId !== null && (
              <Button onClick={() => void navigate(WebPaths.examAttempt(exam.lastAttemptId!))}>
                {t('exams.mine.view')}
              </Button>
            )
          ))}
      </Flex>
    </Card>
  );
};
