import type { CourseDetail, LastTeam, Order, TeamAbilities, TeamRole, UserInfo } from '@studio/contract';

/** What the server's policy answers for each role (apps/server/src/platform/policy.ts). */
export const teamAbilities = (role: TeamRole): TeamAbilities => {
  const manager = role !== 'MEMBER';
  return {
    manage: manager,
    modify: manager,
    invite: manager,
    inviteAdmin: role === 'OWNER',
    leave: role !== 'OWNER',
    sales: manager,
    coupons: manager,
    access: manager,
  };
};

export const team = (over: Partial<LastTeam> = {}): LastTeam => ({
  teamId: 7,
  teamCode: 'ABC123',
  teamName: '星火课程组',
  teamLogo: '',
  expireDate: null,
  teamExpire: false,
  userTeamRole: 'OWNER',
  abilities: teamAbilities(over.userTeamRole ?? 'OWNER'),
  ...over,
});

export const user = (over: Partial<UserInfo> = {}): UserInfo => ({
  userId: 1,
  nickName: '小明',
  headImage: '',
  phone: '138****0000',
  createTime: 1_700_000_000_000,
  register: true,
  token: 'tok-1',
  tokenExpTime: 1_900_000_000_000,
  lastTeam: team(),
  hasPassword: false,
  ...over,
});

/** A line of an order, without a refund; override what a test needs. */
export const orderLine = (over: Partial<Order['items'][number]> = {}): Order['items'][number] => ({
  courseId: 11,
  title: 'Python 零基础入门',
  versionNo: 1,
  price: 9900,
  refundStatus: null,
  refundAutomatic: false,
  ...over,
});

/** A pending order of one course (¥99.00) of the buying team 乙团队, made `now`; override what a test needs. */
export const order = (over: Partial<Order> = {}, now = Date.now()): Order => ({
  orderId: 5,
  orderNo: '20250101000000000005',
  status: 'pending',
  amount: 9900,
  items: [orderLine()],
  createTime: now,
  expireTime: now + 15 * 60_000,
  payTime: null,
  provider: 'sandbox',
  teamName: '乙团队',
  couponCode: null,
  discount: 0,
  teamId: 2,
  refundState: null,
  ...over,
});

/** A draft course as `/course/detail` answers its author. */
export const courseDetail = (over: Partial<CourseDetail> = {}): CourseDetail => ({
  courseId: 5,
  teamId: 7,
  title: '未命名课程',
  subtitle: '',
  summary: '',
  cover: '',
  category: null,
  tags: [],
  price: null,
  completion: { minLessonSeconds: 30, passMark: 60, maxQuizAttempts: null },
  status: 'draft',
  version: 1,
  releasedVersion: null,
  unreleasedChanges: false,
  authorId: 1,
  authorName: '小明',
  lessonCount: 0,
  createTime: 1_700_000_000_000,
  updateTime: 1_700_000_000_000,
  abilities: { edit: true, release: true, share: true, delete: true },
  lessons: [],
  ...over,
});
