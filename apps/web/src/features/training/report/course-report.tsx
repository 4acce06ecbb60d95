import type { CourseReport } from '@studio/contract';
import { Card, Empty, Skeleton, Space, Statistic, Table, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { barOption, EChart } from '../../../components/chart/echart.tsx';
import { trainingApi, useCourseReport } from '../training-api.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';

type Lesson = CourseReport['lessons'][number];

/** A course's completion by lesson: where learners stop. */
export const CourseReportView = ({ courseId, groupId }: { courseId: number; groupId?: number }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = { courseId, groupId };
  const report = useCourseReport(query);
  const option = useMemo(
    () =>
      report.data &&
      barOption(
        report.data.lessons.map((_, i) => t('training.report.lessonNo', { n: i + 1 })),
        report.data.lessons.map((l) => l.completion),
        { color: token.colorPrimary, name: t('training.report.lessonCompletion'), format: (v) => `${v}%` },
      ),
    [report.data, token.colorPrimary, t],
  );
  if (report.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (report.isError || !option) return <Empty description={t('training.report.loadFailed')} />;
  const r = report.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Space size="large" wrap>
        <Statistic title={t('training.report.learners')} value={r.learners} />
        <Statistic title={t('training.report.courseCompleted')} value={r.completed} />
        <Statistic title={t('training.report.completion')} value={r.completion} suffix="%" />
      </Space>
      <Card size="small">
        <EChart
          caption={t('training.report.lessonChart', { title: r.title })}
          summary={t('training.report.lessonSummary', { lessons: r.lessons.length, learners: r.learners })}
          option={option}
          height={220}
          table={{
            columns: [
              t('training.report.lesson'),
              t('training.report.lessonCompletion'),
              t('training.report.stopped'),
            ],
            rows: r.lessons.map((l) => [l.title, `${l.completion}%`, l.stopped]),
          }}
        />
      </Card>
      <Table<Lesson>
        size="small"
        rowKey="lessonId"
        dataSource={r.lessons}
        pagination={false}
        title={() => (
          <ExportButtons
            name={t('training.report.courseFile', { title: r.title })}
            download={(format) => trainingApi.courseReportFile(query, format)}
          />
        )}
        columns={[
          { title: t('training.report.lesson'), render: (_, l, i) => `${i + 1}. ${l.title}` },
          { title: t('training.report.lessonCompleted'), dataIndex: 'completed' },
          { title: t('training.report.lessonCompletion'), render: (_, l) => `${l.completion}%` },
          { title: t('training.report.stopped'), dataIndex: 'stopped' },
        ]}
      />
    </Space>
  );
};
