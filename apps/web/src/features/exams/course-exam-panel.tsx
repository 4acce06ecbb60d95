import type { Exam } from '@studio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Card, Flex, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTeamId } from '../../lib/current-team.ts';
import { ExamForm } from './exam-form.tsx';
import { ExamOwnerContext, courseExamApi } from './exam-owner.ts';
import { examKeys } from './exams-api.ts';
import { QuestionBank } from './question-bank-page.tsx';
import './exams.css';

/** The 课程考试 heading's id: what links to the panel (the 结业要求 form's) point at. */
export const courseExamTitleId = (courseId: number) => `course-exam-${courseId}`;

/**
 * The course's exam as its authors edit it (`exam: null`: none). Asked only of those who may edit
 * the course; the panel and the 结业要求 form read the same query.
 */
export const useCourseExamDraft = (courseId: number, enabled = true) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: examKeys.courseDraft(teamId, courseId),
    queryFn: () => courseExamApi.draft(courseId),
    enabled,
  });
};

/**
 * 课程考试 in the course editor: the course's exam settings and its questions — the team's bank and
 * exam screens, owned by the course. Learners get what is here with the next release.
 */
export const CourseExamPanel = ({ courseId }: { courseId: number }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const draft = useCourseExamDraft(courseId);
  const remove = useMutation({
    mutationFn: () => courseExamApi.remove(courseId),
    onSuccess: () => {
      void message.success(t('exams.course.removed'));
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    },
  });
  const exam: Exam | null = draft.data?.exam ?? null;
  const titleId = courseExamTitleId(courseId);
  return (
    <ExamOwnerContext.Provider value={{ courseId }}>
      <section aria-labelledby={titleId}>
        <Flex vertical gap={16}>
          <Card
            title={
              <h2 className="card-title" id={titleId}>
                {t('exams.course.title')}
              </h2>
            }
            loading={draft.isPending}
            extra={
              <Space>
                <Button type="primary" onClick={() => setEditing(true)}>
                  {exam ? t('exams.course.edit') : t('exams.course.create')}
                </Button>
                {exam && (
                  <Popconfirm title={t('exams.course.removeConfirm')} onConfirm={() => remove.mutateAsync()}>
                    <Button danger>{t('exams.course.remove')}</Button>
                  </Popconfirm>
                )}
              </Space>
            }
          >
            <Flex vertical gap={8}>
              {exam ? (
                <Typography.Text>
                  {exam.title} ·{' '}
                  {[
                    t('exams.mine.questionCount', { count: exam.questionCount }),
                    exam.timeLimitMinutes === null
                      ? t('exams.mine.noTimeLimit')
                      : t('exams.mine.timeLimit', { minutes: exam.timeLimitMinutes }),
                    t('exams.course.attempts', { count: exam.maxAttempts }),
                    t('exams.mine.passLine', { percent: exam.passPercent }),
                  ].join(' · ')}
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('exams.course.none')}</Typography.Text>
              )}
              <Alert type="info" showIcon title={t('exams.course.hint')} />
            </Flex>
          </Card>
          <QuestionBank />
        </Flex>
      </section>
      {editing && <ExamForm exam={exam} onClose={() => setEditing(false)} />}
    </ExamOwnerContext.Provider>
  );
};
