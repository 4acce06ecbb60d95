import { WebPaths } from '@studio/contract/constants';
import type { MyExam } from '@studio/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryView } from '../../components/query-view.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { LinkButton } from '../store/link-button.tsx';
import { useCanManageExams } from './can-manage-exams.ts';
import { examsApi, useMyExams } from './exams-api.ts';
import './exams.css';

const ExamCard = ({ exam }: { exam: MyExam }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: () => examsApi.start(exam.examId),
    onSuccess: (a) => void navigate(WebPaths.examAttempt(a.attemptId)),
  });
  const left = exam.maxAttempts - exam.attemptsUsed;
  let action;
  if (exam.openAttemptId !== null)
    action = (
      <LinkButton type="primary" to={WebPaths.examAttempt(exam.openAttemptId)}>
        {t('exams.mine.resume')}
      </LinkButton>
    );
  else if (!exam.closed && left > 0 && !exam.passed)
    action = (
      <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
        {exam.attemptsUsed === 0 ? t('exams.mine.start') : t('exams.mine.retake')}
      </Button>
    );
  return (
    <article aria-label={exam.title}>
      <Card className="exam-card" title={exam.title}>
        {exam.description && <Typography.Paragraph>{exam.description}</Typography.Paragraph>}
        <Space wrap size={[8, 8]}>
          <Tag>{t('exams.mine.questionCount', { count: exam.questionCount })}</Tag>
          <Tag>
            {exam.timeLimitMinutes === null
              ? t('exams.mine.noTimeLimit')
              : t('exams.mine.timeLimit', { minutes: exam.timeLimitMinutes })}
          </Tag>
          <Tag>{t('exams.mine.passLine', { percent: exam.passPercent })}</Tag>
          <Tag>{t('exams.mine.attempts', { used: exam.attemptsUsed, max: exam.maxAttempts })}</Tag>
          {exam.bestScore !== null && (
            <Tag color="blue">{t('exams.mine.best', { score: exam.bestScore })}</Tag>
          )}
          {exam.passed && <Tag color="success">{t('exams.mine.passed')}</Tag>}
          {!exam.passed && exam.bestScore !== null && <Tag color="error">{t('exams.mine.failed')}</Tag>}
          {exam.closed && <Tag>{t('exams.mine.closed')}</Tag>}
        </Space>
        <Flex gap={8} wrap style={{ marginTop: 16 }}>
          {action}
          {exam.lastAttemptId !== null && exam.openAttemptId === null && (
            <LinkButton to={WebPaths.examAttempt(exam.lastAttemptId)}>{t('exams.mine.view')}</LinkButton>
          )}
        </Flex>
      </Card>
    </article>
  );
};

/** 考试: the team's exams with the member's own record; managers reach 题库 and 考试管理 from here. */
export const MyExamsPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('exams.mine.title'));
  const manage = useCanManageExams();
  const exams = useMyExams();
  return (
    <Flex vertical gap={16} className="exams-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('exams.mine.title')}
        </Typography.Title>
        {manage && (
          <Space wrap>
            <LinkButton to={WebPaths.examBank}>{t('exams.mine.manageBank')}</LinkButton>
            <LinkButton to={WebPaths.examManage}>{t('exams.mine.manageExams')}</LinkButton>
          </Space>
        )}
      </Flex>
      <QueryView
        query={exams}
        errorTitle={t('exams.attempt.loadFailed')}
        isEmpty={(d) => d.list.length === 0}
        empty={<Empty description={t('exams.mine.empty')} />}
      >
        {(d) => (
          <div className="exam-grid">
            {d.list.map((e) => (
              <ExamCard key={e.examId} exam={e} />
            ))}
          </div>
        )}
      </QueryView>
    </Flex>
  );
};
