import { z } from 'zod';
import { INVITE_DEFAULTS, LIMITS } from '../constants.ts';
import { idSchema, pageQuerySchema, roleSchema } from './common.ts';
import { lastTeamSchema } from './account.ts';

export const teamNameSchema = z
  .string()
  .trim()
  .min(LIMITS.teamNameMin, { error: `团队名称 ${LIMITS.teamNameMin}–${LIMITS.teamNameMax} 个字` })
  .max(LIMITS.teamNameMax, { error: `团队名称 ${LIMITS.teamNameMin}–${LIMITS.teamNameMax} 个字` });

export const teamListItemSchema = lastTeamSchema.extend({
  memberCount: z.number().int(),
  current: z.boolean(),
});
export type TeamListItem = z.infer<typeof teamListItemSchema>;
export const teamChangeListData = z.object({ list: z.array(teamListItemSchema) });

export const currentTeamData = lastTeamSchema.extend({
  ownerId: z.number().int(),
  memberCount: z.number().int(),
  createTime: z.number(),
  /** False: the team code is turned off (nobody joins by it; links still work). */
  codeEnabled: z.boolean(),
  /** 加入需审批: a join by the team code waits for an OWNER/ADMIN to approve it. */
  joinApproval: z.boolean(),
});
export type CurrentTeam = z.infer<typeof currentTeamData>;

export const teamCreateBody = z.object({
  teamName: teamNameSchema,
  teamLogo: z.string().max(1024).optional(),
});
export const teamChangeBody = z.object({ teamId: idSchema });

export const teamModifyBody = z
  .object({ teamName: teamNameSchema.optional(), teamLogo: z.string().max(1024).optional() })
  .refine((b) => b.teamName !== undefined || b.teamLogo !== undefined, { error: '没有要修改的内容' });
export type TeamModify = z.infer<typeof teamModifyBody>;
export const userIdBody = z.object({ userId: idSchema });
export const teamIdBody = z.object({ teamId: idSchema });

/** What the viewer's role allows on this member (the web shows these actions on the member's row). */
export const memberAbilitiesSchema = z.object({
  remove: z.boolean(),
  changeRole: z.boolean(),
  transferOwner: z.boolean(),
});
export type MemberAbilities = z.infer<typeof memberAbilitiesSchema>;

export const teamUserSchema = z.object({
  userId: z.number().int(),
  nickName: z.string(),
  headImage: z.string(),
  phone: z.string(),
  userTeamRole: roleSchema,
  joinTime: z.number(),
  abilities: memberAbilitiesSchema,
});
export type TeamUser = z.infer<typeof teamUserSchema>;

const keywordSchema = z.string().trim().max(40).default('');
export const teamUserListQuery = pageQuerySchema.extend({
  keyword: keywordSchema,
  role: roleSchema.optional(),
});
export type TeamUserListQuery = z.infer<typeof teamUserListQuery>;
export const teamUserSearchQuery = z.object({ keyword: keywordSchema });
export const teamUserSearchData = z.object({ list: z.array(teamUserSchema) });
export const searchNonQuery = pageQuerySchema.extend({
  keyword: z.string().trim().min(1, { error: '请输入手机号或昵称' }).max(40),
});
export const nonMemberSchema = teamUserSchema.pick({
  userId: true,
  nickName: true,
  headImage: true,
  phone: true,
});
export type NonMember = z.infer<typeof nonMemberSchema>;
export const searchNonData = z.object({ list: z.array(nonMemberSchema) });

export const inviteJoinBody = z.union([
  z.object({ inviteCode: z.string().trim().min(4).max(64) }),
  // An OWNER/ADMIN invites a registered user; they join only by accepting (role: ADMIN is OWNER-only).
  z.object({ userId: idSchema, role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER') }),
]);
export const userRoleBody = z.object({ userId: idSchema, role: z.enum(['ADMIN', 'MEMBER']) });
export const inviteCreateBody = z.object({
  role: z.enum(['ADMIN', 'MEMBER']).default('MEMBER'),
  expireHours: z
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(INVITE_DEFAULTS.expireHours),
  maxUses: z.number().int().min(1).max(1000).default(INVITE_DEFAULTS.maxUses),
});
export type InviteCreate = z.infer<typeof inviteCreateBody>;
export const inviteCreateData = z.object({ inviteCode: z.string(), url: z.string(), expireTime: z.number() });
export type InviteCreated = z.infer<typeof inviteCreateData>;

/** Team access settings (OWNER/ADMIN): at least one of them. */
export const teamAccessBody = z
  .object({ codeEnabled: z.boolean().optional(), joinApproval: z.boolean().optional() })
  .refine((b) => b.codeEnabled !== undefined || b.joinApproval !== undefined, { error: '没有要修改的内容' });
export type TeamAccessModify = z.infer<typeof teamAccessBody>;
export const teamAccessData = z.object({
  teamCode: z.string(),
  codeEnabled: z.boolean(),
  joinApproval: z.boolean(),
});
export type TeamAccess = z.infer<typeof teamAccessData>;

export const INVITE_LINK_STATES = ['active', 'expired', 'usedUp', 'revoked'] as const;
/** One of the team's invite links (team centre, OWNER/ADMIN), newest first. */
export const inviteLinkSchema = z.object({
  inviteId: z.number().int(),
  url: z.string(),
  role: z.enum(['ADMIN', 'MEMBER']),
  expireTime: z.number(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  creatorName: z.string(),
  createTime: z.number(),
  state: z.enum(INVITE_LINK_STATES),
});
export type InviteLink = z.infer<typeof inviteLinkSchema>;
export const inviteLinkListData = z.object({ list: z.array(inviteLinkSchema) });
export const inviteIdBody = z.object({ inviteId: idSchema });

/** A pending request to join by the team code (team centre, OWNER/ADMIN). Phone masked. */
export const joinRequestSchema = z.object({
  requestId: z.number().int(),
  userId: z.number().int(),
  nickName: z.string(),
  headImage: z.string(),
  phone: z.string(),
  createTime: z.number(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;
export const joinRequestListData = z.object({ list: z.array(joinRequestSchema) });
/** One of my pending join requests (/selectTeam): which team, since when. */
export const myJoinRequestSchema = z.object({
  requestId: z.number().int(),
  teamName: z.string(),
  teamLogo: z.string(),
  createTime: z.number(),
});
export type MyJoinRequest = z.infer<typeof myJoinRequestSchema>;
export const myJoinRequestListData = z.object({ list: z.array(myJoinRequestSchema) });
export const requestIdBody = z.object({ requestId: idSchema });
/** A join by the team code of a team that asks for approval: the request made, not a membership. */
export const joinPendingData = myJoinRequestSchema.extend({ pending: z.literal(true) });
export type JoinPending = z.infer<typeof joinPendingData>;
