import type { CodeEntry } from './entry.ts';

/** Groups and learning tasks (分组、学习任务): 80000–80099. */
export const TRAINING = {
  /** A task on a course the team neither bought nor released itself (a store course it does not hold). */
  TRAINING_COURSE_NOT_HELD: {
    code: 80001,
    key: 'errors.trainingCourseNotHeld',
    zh: '只能为团队已购买或已发布的自建课程布置学习任务',
  },
  TRAINING_DUE_BEFORE_START: {
    code: 80002,
    key: 'errors.trainingDueBeforeStart',
    zh: '截止日期不能早于开始日期',
  },
  TRAINING_NO_ASSIGNEES: {
    code: 80003,
    key: 'errors.trainingNoAssignees',
    zh: '请至少选择一位成员或一个分组',
  },
  TRAINING_GROUP_NAME_TAKEN: {
    code: 80004,
    key: 'errors.trainingGroupNameTaken',
    zh: '已有同名分组',
  },
  /** Editing a cancelled task: its history stays as it was. */
  TRAINING_TASK_CANCELLED: {
    code: 80005,
    key: 'errors.trainingTaskCancelled',
    zh: '任务已取消，不能再修改',
  },
} as const satisfies Record<string, CodeEntry>;
