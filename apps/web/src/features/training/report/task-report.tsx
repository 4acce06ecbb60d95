import type { TaskReport } from '@studio/contract';
import { Card, Col, Empty, Row, Skeleton, Statistic, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { barOption, EChart } from '../../../components/chart/echart.tsx';
import { TaskMembers } from '../task-members.tsx';
import { trainingApi, useTaskReport } from '../training-api.ts';
import { ExportButtons } from '../../../components/export-buttons.tsx';

const STATES = ['done', 'todo', 'overdue'] as const;

/** Members by state (done, to do, overdue) as bars, with the completion % in the summary. */
const StateChart = ({ report }: { report: TaskReport }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const todo = report.assigneeCount - report.doneCount - report.overdueCount;
  const counts = STATES.map((s) => ({ done: report.doneCount, todo, overdue: report.overdueCount })[s]);
  const labels = STATES.map((s) => t(`training.states.${s}`));
  const option = useMemo(
    () => barOption(labels, counts, { color: token.colorSuccess, name: t('training.report.members') }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels and counts follow report and language
    [report, token.colorSuccess, t],
  );
  return (
    <EChart
      caption={t('training.report.stateChart')}
      summary={t('training.report.stateSummary', {
        completion: report.completion,
        done: report.doneCount,
        total: report.assigneeCount,
      })}
      option={option}
      height={200}
      table={{
        columns: [t('training.tasks.state'), t('training.report.members')],
        rows: labels.map((label, i) => [label, counts[i]!]),
      }}
    />
  );
};

/** The best scores of the exam's takers, in buckets, with the pass rate in the summary. */
const ScoreChart = ({ exam }: { exam: NonNullable<TaskReport['exam']> }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const labels = exam.buckets.map((b) => `${b.from}–${b.to}`);
  const option = useMemo(
    () =>
      barOption(
        labels,
        exam.buckets.map((b) => b.count),
        { color: token.colorPrimary, name: t('training.report.takers') },
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels follow exam
    [exam, token.colorPrimary, t],
  );
  return (
    <EChart
      caption={t('training.report.scoreChart', { title: exam.title })}
      summary={t('training.report.scoreSummary', { takers: exam.takers, passRate: exam.passRate })}
      option={option}
      height={200}
      table={{
        columns: [t('training.report.scoreRange'), t('training.report.takers')],
        rows: labels.map((label, i) => [label, exam.buckets[i]!.count]),
      }}
    />
  );
};

/** One task's report: completion, overdue members, the exam's spread and pass rate, its members by page. */
export const TaskReportView = ({ taskId, groupId }: { taskId: number; groupId?: number }) => {
  const { t } = useTranslation();
  const query = { taskId, groupId };
  const report = useTaskReport(query);
  if (report.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (report.isError) return <Empty description={t('training.report.loadFailed')} />;
  const r = report.data;
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t('training.report.completion')} value={r.completion} suffix="%" />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('training.report.done')}
              value={r.doneCount}
              suffix={`/ ${r.assigneeCount}`}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('training.report.overdue')} value={r.overdueCount} />
          </Col>
          {r.exam && (
            <Col xs={12} md={6}>
              <Statistic title={t('training.report.passRate')} value={r.exam.passRate} suffix="%" />
            </Col>
          )}
        </Row>
      </Col>
      <Col xs={24} lg={r.exam ? 12 : 24}>
        <Card size="small">
          <StateChart report={r} />
        </Card>
      </Col>
      {r.exam && (
        <Col xs={24} lg={12}>
          <Card size="small">
            <ScoreChart exam={r.exam} />
          </Card>
        </Col>
      )}
      <Col span={24}>
        <TaskMembers
          taskId={taskId}
          groupId={groupId}
          courseCount={r.courseCount}
          withExam={r.exam !== null}
          extra={
            <ExportButtons
              name={t('training.report.taskFile', { title: r.title })}
              download={(format) => trainingApi.taskReportFile(query, format)}
            />
          }
        />
      </Col>
    </Row>
  );
};
