import { PlusOutlined } from '@ant-design/icons';
import { DIFFICULTIES, QUESTION_TYPES, type Question, type QuestionListQuery } from '@studio/contract';
import { WebPaths } from '@studio/contract/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { LinkButton } from '../store/link-button.tsx';
import { useCanManageExams } from './can-manage-exams.ts';
import { examKeys, useQuestions } from './exams-api.ts';
import { bankApi, useExamOwner } from './exam-owner.ts';
import { ManageForbidden } from './manage-forbidden.tsx';
import { QuestionForm } from './question-form.tsx';
import { QuestionImport } from './question-import.tsx';
import './exams.css';

type Filter = Partial<QuestionListQuery>;

/** The questions of the screen's owner (the team's bank, or a course's: `ExamOwnerContext`). */
export const QuestionBank = () => {
  const { t } = useTranslation();
  const owner = useExamOwner();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<Filter>({ pageNum: 1, pageSize: 20 });
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const questions = useQuestions(filter);
  const remove = useMutation({
    mutationFn: (questionId: number) => bankApi(owner).removeQuestion(questionId),
    onSuccess: () => {
      void message.success(t('exams.bank.removed'));
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    },
  });
  const update = (f: Filter) => setFilter((prev) => ({ ...prev, ...f, pageNum: f.pageNum ?? 1 }));
  const data = questions.data;
  return (
    <Flex vertical gap={16}>
      <Card>
        <QuestionImport />
      </Card>
      <Card>
        <Flex wrap gap={8} style={{ marginBottom: 16 }}>
          <Select
            allowClear
            style={{ minWidth: 120 }}
            aria-label={t('exams.bank.type')}
            placeholder={t('exams.bank.allTypes')}
            value={filter.type}
            onChange={(type) => update({ type })}
            options={QUESTION_TYPES.map((v) => ({ value: v, label: t(`exams.types.${v}`) }))}
          />
          <Select
            allowClear
            style={{ minWidth: 110 }}
            aria-label={t('exams.bank.difficulty')}
            placeholder={t('exams.bank.allDifficulties')}
            value={filter.difficulty}
            onChange={(difficulty) => update({ difficulty })}
            options={DIFFICULTIES.map((v) => ({ value: v, label: t(`exams.difficulties.${v}`) }))}
          />
          <Select
            allowClear
            style={{ minWidth: 120 }}
            aria-label={t('exams.bank.tags')}
            placeholder={t('exams.bank.allTags')}
            value={filter.tag}
            onChange={(tag) => update({ tag })}
            options={(data?.tags ?? []).map((v) => ({ value: v, label: v }))}
          />
          <Input.Search
            allowClear
            style={{ maxWidth: 240 }}
            aria-label={t('exams.bank.keyword')}
            placeholder={t('exams.bank.keyword')}
            onSearch={(keyword) => update({ keyword })}
          />
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')}>
            {t('exams.bank.add')}
          </Button>
        </Flex>
        <Table<Question>
          rowKey="questionId"
          loading={questions.isFetching}
          dataSource={data?.list ?? []}
          scroll={{ x: 640 }}
          // Empty's description is the theme's readable grey; a bare string took the table's disabled
          // grey (1.8:1, axe's color-contrast on the course editor, where a new course has no questions).
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('exams.bank.empty')} />,
          }}
          pagination={{
            current: filter.pageNum,
            pageSize: filter.pageSize,
            total: data?.total ?? 0,
            showTotal: (count) => t('exams.bank.total', { count }),
            onChange: (pageNum, pageSize) => setFilter((prev) => ({ ...prev, pageNum, pageSize })),
          }}
          columns={[
            { title: t('exams.bank.stem'), dataIndex: 'stem', ellipsis: true },
            {
              title: t('exams.bank.type'),
              dataIndex: 'type',
              width: 110,
              render: (v: Question['type']) => t(`exams.types.${v}`),
            },
            {
              title: t('exams.bank.difficulty'),
              dataIndex: 'difficulty',
              width: 80,
              render: (v: Question['difficulty']) => t(`exams.difficulties.${v}`),
            },
            {
              title: t('exams.bank.tags'),
              dataIndex: 'tags',
              width: 180,
              render: (tags: string[]) => tags.map((x) => <Tag key={x}>{x}</Tag>),
            },
            {
              title: t('exams.bank.actions'),
              key: 'actions',
              width: 140,
              render: (_, q) => (
                <Space>
                  <Button type="link" size="small" onClick={() => setEditing(q)}>
                    {t('exams.bank.edit_')}
                  </Button>
                  <Popconfirm
                    title={t('exams.bank.removeConfirm')}
                    onConfirm={() => remove.mutateAsync(q.questionId)}
                  >
                    <Button type="link" size="small" danger>
                      {t('exams.bank.remove')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {editing && (
        <QuestionForm question={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
    </Flex>
  );
};

/** 题库 (OWNER/ADMIN): the team's questions with filters, the form per type, import and export. */
export const QuestionBankPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('exams.bank.title'));
  const manage = useCanManageExams();
  return (
    <Flex vertical gap={16} className="exams-page">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {t('exams.bank.title')}
        </Typography.Title>
        <Space wrap>
          <LinkButton to={WebPaths.exams}>{t('exams.mine.title')}</LinkButton>
          {manage && <LinkButton to={WebPaths.examManage}>{t('exams.mine.manageExams')}</LinkButton>}
        </Space>
      </Flex>
      {manage ? <QuestionBank /> : <ManageForbidden />}
    </Flex>
  );
};
