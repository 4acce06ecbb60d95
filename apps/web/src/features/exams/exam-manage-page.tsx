import { PlusOutlined } from '@ant-design/icons';
import type { Exam } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../components/query-view.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { formatDateTime } from '../../lib/format.ts';
import { LinkButton } from '../store/link-button.tsx';
import { useCanManageExams } from './can-manage-exams.ts';
import { ExamForm } from './exam-form.tsx';
import { examKeys, examsApi, useExamResults, useExams } from './exams-api.ts';
import { ManageForbidden } from './manage-forbidden.tsx';
import './exams.css';

const Results = ({ exam, onClose }: { exam: Exam; onClose: () => void }) => {
  const { t } = useTranslation();
  const results = useExamResults(exam.examId);
  return (
    <Modal
      open
      title={`${exam.title} · ${t('exams.manage.results')}`}
      onCancel={onClose}
      footer={null}
      width={640}
    >
      <Table
        rowKey="attemptId"
        size="small"
        loading={results.isPending}
        dataSource={results.data?.list ?? []}
        locale={{ emptyText: t('exams.manage.noResults') }}
        scroll={{ x: 480 }}
        pagination={false}
        columns={[
          { title: t('exams.manage.member'), dataIndex: 'nickName' },
          { title: t('exams.manage.attemptNo'), dataIndex: 'attemptNo', width: 80 },
          {
            title: t('exams.manage.score'),
            dataIndex: 'score',
            width: 110,
            render: (score: number | null, r) =>
              score === null ? (
                '—'
              ) : (
                <Space>
                  {score}
                  <Tag color={r.passed ? 'success' : 'error'}>
                    {r.passed ? t('exams.mine.passed') : t('exams.mine.failed')}
                  </Tag>
                </Space>
              ),
          },
          {
            title: t('exams.manage.submitTime'),
            dataIndex: 'submitTime',
            render: (v: number | null) => (v === null ? '—' : formatDateTime(v)),
          },
        ]}
      />
    </Modal>
  );
};

const ExamCard = ({ exam, onEdit, onResults }: { exam: Exam; onEdit: () => void; onResults: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: examKeys.all });
  const close = useMutation({ mutationFn: () => examsApi.closeExam(exam.examId), onSuccess: refresh });
  const remove = useMutation({ mutationFn: () => examsApi.removeExam(exam.examId), onSuccess: refresh });
  return (
    <article aria-label={exam.title}>
      <Card
        className="exam-card"
        title={exam.title}
        extra={
          <Tag color={exam.closed ? 'default' : 'processing'}>
            {exam.closed ? t('exams.manage.closed') : t('exams.manage.open')}
          </Tag>
        }
      >
        <Space wrap size={[8, 8]}>
          <Tag>{t('exams.manage.questionCount', { count: exam.questionCount })}</Tag>
          <Tag>{exam.source.mode === 'list' ? t('exams.manage.byList') : t('exams.manage.byRules')}</Tag>
          <Tag>
            {exam.timeLimitMinutes === null
              ? t('exams.mine.noTimeLimit')
              : t('exams.mine.timeLimit', { minutes: exam.timeLimitMinutes })}
          </Tag>
          <Tag>{t('exams.mine.passLine', { percent: exam.passPercent })}</Tag>
          <Tag>
            {t('exams.manage.maxAttempts')} {exam.maxAttempts}
          </Tag>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          {t('exams.manage.stats', { attempts: exam.attemptCount, passed: exam.passedCount })}
        </Typography.Paragraph>
        <Flex wrap gap={8}>
          <Button onClick={onResults}>{t('exams.manage.results')}</Button>
          <Button onClick={onEdit}>{t('exams.manage.settings')}</Button>
          {!exam.closed && (
            <Popconfirm title={t('exams.manage.closeConfirm')} onConfirm={() => close.mutateAsync()}>
              <Button>{t('exams.manage.close')}</Button>
            </Popconfirm>
          )}
          <Popconfirm title={t('exams.manage.removeConfirm')} onConfirm={() => remove.mutateAsync()}>
            <Button danger>{t('exams.manage.remove')}</Button>
          </Popconfirm>
        </Flex>
      </Card>
    </article>
  );
};

const Manage = () => {
  const { t } = useTranslation();
  const exams = useExams();
  const [editing, setEditing] = useState<Exam | 'new' | null>(null);
  const [results, setResults] = useState<Exam | null>(null);
  return (
    <>
      <Flex>
        <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
          {t('exams.manage.create')}
        </Button>
      </Flex>
      <QueryView
        query={exams}
        errorTitle={t('exams.attempt.loadFailed')}
        isEmpty={(d) => d.list.length === 0}
        empty={<Empty description={t('exams.manage.empty')} />}
      >
        {(d) => (
          <div className="exam-grid">
            {d.list.map((e) => (
              <ExamCard
                key={e.examId}
                exam={e}
                onEdit={() => setEditing(e)}
                onResults={() => setResults(e)}
              />
            ))}
          </div>
        )}
      </QueryView>
      {editing && <ExamForm exam={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {results && <Results exam={results} onClose={() => setResults(null)} />}
    </>
  );
};

/** 考试管理 (OWNER/ADMIN): the team's exams, making one from the bank, settings, closing, results. */
export const ExamManagePage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('exams.manage.title'));
  const manage = useCanManageExams();
  return (
    <Flex vertical gap={16} className="exams-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('exams.manage.title')}
        </Typography.Title>
        <Space wrap>
          <LinkButton to={WebPaths.exams}>{t('exams.mine.title')}</LinkButton>
          {manage && <LinkButton to={WebPaths.examBank}>{t('exams.bank.title')}</LinkButton>}
        </Space>
      </Flex>
      {manage ? <Manage /> : <ManageForbidden />}
    </Flex>
  );
};
