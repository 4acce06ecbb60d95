import { WebPaths } from '@studio/contract/constants';
import { Button, Card, Empty, Flex, Result, Select, Tabs, Typography } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { useSession } from '../../../lib/session-store.ts';
import { useGroups, useTasks, useTeamMembers } from '../training-api.ts';
import { CourseReportView } from './course-report.tsx';
import { MemberReportView } from './member-report.tsx';
import { TaskReportView } from './task-report.tsx';

const TABS = ['task', 'course', 'member'] as const;
type Tab = (typeof TABS)[number];

const idParam = (value: string | null): number | undefined => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The choices of the page live in the address (`?tab=course&courseId=3&groupId=2`), so a link
 * opens the same report and the back button steps through them.
 */
const useReportParams = () => {
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === params.get('tab')) ?? 'task';
  const set = (patch: Record<string, string | number | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  return {
    tab,
    taskId: idParam(params.get('taskId')),
    courseId: idParam(params.get('courseId')),
    userId: idParam(params.get('userId')),
    groupId: idParam(params.get('groupId')),
    set,
  };
};

/** The report, mounted only for OWNER/ADMIN. */
const ReportView = () => {
  const { t } = useTranslation();
  const p = useReportParams();
  const tasks = useTasks();
  const groups = useGroups();
  const members = useTeamMembers(p.tab === 'member');
  const taskList = tasks.data ?? [];
  const taskId = p.taskId ?? taskList[0]?.taskId;
  const courses = [...new Map(taskList.flatMap((task) => task.courses).map((c) => [c.courseId, c])).values()];
  const courseId = p.courseId ?? courses[0]?.courseId;
  const groupFilter = p.tab !== 'member' && (
    <Select
      allowClear
      aria-label={t('training.report.group')}
      placeholder={t('training.report.allGroups')}
      style={{ minWidth: 160 }}
      value={p.groupId}
      onChange={(v?: number) => p.set({ groupId: v })}
      options={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.name }))}
    />
  );
  const picker = {
    task: (
      <Select
        aria-label={t('training.report.pickTask')}
        style={{ minWidth: 240 }}
        loading={tasks.isPending}
        value={taskId}
        onChange={(v: number) => p.set({ taskId: v })}
        options={taskList.map((task) => ({ value: task.taskId, label: task.title }))}
      />
    ),
    course: (
      <Select
        aria-label={t('training.report.pickCourse')}
        style={{ minWidth: 240 }}
        loading={tasks.isPending}
        value={courseId}
        onChange={(v: number) => p.set({ courseId: v })}
        options={courses.map((c) => ({ value: c.courseId, label: c.title }))}
      />
    ),
    member: (
      <Select
        showSearch
        aria-label={t('training.report.pickMember')}
        placeholder={t('training.report.pickMember')}
        style={{ minWidth: 240 }}
        loading={members.isPending}
        value={p.userId}
        optionFilterProp="label"
        onChange={(v: number) => p.set({ userId: v })}
        options={(members.data ?? []).map((m) => ({ value: m.userId, label: m.nickName }))}
      />
    ),
  }[p.tab];
  const empty = <Empty description={t('training.report.nothing')} />;
  const body = {
    task: taskId ? <TaskReportView taskId={taskId} groupId={p.groupId} /> : empty,
    course: courseId ? <CourseReportView courseId={courseId} groupId={p.groupId} /> : empty,
    member: p.userId ? (
      <MemberReportView userId={p.userId} />
    ) : (
      <Empty description={t('training.report.pickMember')} />
    ),
  }[p.tab];
  return (
    <Card>
      <Tabs
        activeKey={p.tab}
        onChange={(key) => p.set({ tab: key })}
        items={TABS.map((key) => ({ key, label: t(`training.report.tabs.${key}`) }))}
      />
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        {picker}
        {groupFilter}
      </Flex>
      {body}
    </Card>
  );
};

/** 培训报告 (/training/report): per task, per course, per member; OWNER/ADMIN. */
export const TrainingReportPage = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('training.report.title'));
  const navigate = useNavigate();
  const manage = useSession((s) => s.user?.lastTeam?.abilities.manage ?? false);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('training.report.title')}
      </Typography.Title>
      {manage ? (
        <ReportView />
      ) : (
        <Card>
          <Result
            status="403"
            title={t('training.report.forbidden')}
            extra={
              <Button type="primary" onClick={() => void navigate(WebPaths.learn)}>
                {t('training.report.back')}
              </Button>
            }
          />
        </Card>
      )}
    </Flex>
  );
};
