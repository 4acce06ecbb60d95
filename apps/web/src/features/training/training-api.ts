import { Routes } from '@studio/contract/constants';
import type {
  CourseReportQuery,
  ExportFormat,
  TaskMembersQuery,
  TaskReportQuery,
  TrainingTaskBody,
} from '@studio/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client.ts';
import { call } from '../../lib/call.ts';
import { api } from '../../lib/request.ts';
import { useTeamId } from '../../lib/current-team.ts';

/** Query keys: groups and tasks belong to the current team, so its id is in every key. */
export const trainingKeys = {
  all: ['training'] as const,
  groups: (teamId: number | undefined) => ['training', teamId, 'groups'] as const,
  tasks: (teamId: number | undefined) => ['training', teamId, 'tasks'] as const,
  mine: (teamId: number | undefined) => ['training', teamId, 'mine'] as const,
  members: (teamId: number | undefined) => ['training', teamId, 'members'] as const,
  courses: (teamId: number | undefined) => ['training', teamId, 'courses'] as const,
  exams: (teamId: number | undefined) => ['training', teamId, 'exams'] as const,
  report: (teamId: number | undefined, kind: string, query: object) =>
    ['training', teamId, 'report', kind, query] as const,
};

/** Every call of groups and learning tasks; answers are the envelope's data. */
export const trainingApi = {
  groups: () => call.get(Routes.training.groupList).then((e) => e.list),
  createGroup: (name: string) => call.post(Routes.training.groupCreate, { name }),
  renameGroup: (groupId: number, name: string) => call.post(Routes.training.groupRename, { groupId, name }),
  removeGroup: (groupId: number) => call.post(Routes.training.groupRemove, { groupId }),
  addMembers: (groupId: number, userIds: number[]) =>
    call.post(Routes.training.groupMemberAdd, { groupId, userIds }),
  removeMembers: (groupId: number, userIds: number[]) =>
    call.post(Routes.training.groupMemberRemove, { groupId, userIds }),
  tasks: () => call.get(Routes.training.taskList).then((e) => e.list),
  createTask: (body: TrainingTaskBody) => call.post(Routes.training.taskCreate, body),
  cancelTask: (taskId: number) => call.post(Routes.training.taskCancel, { taskId }),
  mine: () => call.get(Routes.training.mine).then((e) => e.list),
  taskReport: (q: TaskReportQuery) => call.get(Routes.training.reportTask, q),
  taskMembers: (q: TaskMembersQuery) => call.get(Routes.training.reportTaskMembers, q),
  courseReport: (q: CourseReportQuery) => call.get(Routes.training.reportCourse, q),
  memberReport: (userId: number) => call.get(Routes.training.reportMember, { userId }),
  /** The reports' files (file routes, like the question bank's export): a Blob to save. */
  taskReportFile: (q: TaskReportQuery, format: ExportFormat) =>
    api.download(Routes.training.reportTaskExport, { params: { ...q, format } }),
  courseReportFile: (q: CourseReportQuery, format: ExportFormat) =>
    api.download(Routes.training.reportCourseExport, { params: { ...q, format } }),
  /** The team's exams, to name one on a task (asked of the exams' endpoint, as courses are). */
  exams: () => call.get(Routes.exam.list).then((e) => e.list),
  /** The team's members to pick from (a team of up to 100 at once: the list's largest page). */
  members: () => call.get(Routes.team.userList, { pageNum: 1, pageSize: 100 }).then((e) => e.list),
};

/** After any change, everything of groups and tasks is read again. */
export const refreshTraining = () => queryClient.invalidateQueries({ queryKey: trainingKeys.all });

export const useGroups = (enabled = true) => {
  const teamId = useTeamId();
  return useQuery({ queryKey: trainingKeys.groups(teamId), queryFn: trainingApi.groups, enabled });
};

export const useTeamMembers = (enabled = true) => {
  const teamId = useTeamId();
  return useQuery({ queryKey: trainingKeys.members(teamId), queryFn: trainingApi.members, enabled });
};

/**
 * The courses the team learns (bought, or its own released): the ones a task may name. Asked of
 * the learning list's endpoint here rather than through features/learn, which shows 我的任务 and
 * so imports this feature.
 */
export const useAssignableCourses = (enabled = true) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: trainingKeys.courses(teamId),
    queryFn: () => call.get(Routes.learn.list, { filter: 'all' }).then((e) => e.list),
    enabled: enabled && teamId !== undefined,
  });
};

export const useTasks = () => {
  const teamId = useTeamId();
  return useQuery({ queryKey: trainingKeys.tasks(teamId), queryFn: trainingApi.tasks });
};

export const useMyTasks = () => {
  const teamId = useTeamId();
  return useQuery({ queryKey: trainingKeys.mine(teamId), queryFn: trainingApi.mine });
};

export const useTeamExams = (enabled = true) => {
  const teamId = useTeamId();
  return useQuery({ queryKey: trainingKeys.exams(teamId), queryFn: trainingApi.exams, enabled });
};

export const useTaskReport = (q: TaskReportQuery | null) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: trainingKeys.report(teamId, 'task', q ?? {}),
    queryFn: () => trainingApi.taskReport(q!),
    enabled: q !== null,
  });
};

/** A page of a task's members; the page shown stays while the next one loads. */
export const useTaskMembers = (q: TaskMembersQuery) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: trainingKeys.report(teamId, 'members', q),
    queryFn: () => trainingApi.taskMembers(q),
    placeholderData: keepPreviousData,
  });
};

export const useCourseReport = (q: CourseReportQuery | null) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: trainingKeys.report(teamId, 'course', q ?? {}),
    queryFn: () => trainingApi.courseReport(q!),
    enabled: q !== null,
  });
};

export const useMemberReport = (userId: number | null) => {
  const teamId = useTeamId();
  return useQuery({
    queryKey: trainingKeys.report(teamId, 'member', { userId }),
    queryFn: () => trainingApi.memberReport(userId!),
    enabled: userId !== null,
  });
};
