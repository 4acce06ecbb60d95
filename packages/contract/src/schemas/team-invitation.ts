/**
 * Invitations: an OWNER/ADMIN invites a registered user (`/team/user/invite/join { userId }`); the
 * user becomes a member only by accepting. Also the public face of an invite link or team code.
 */
import { z } from 'zod';
import { idSchema, roleSchema } from './common.ts';

export const invitationIdBody = z.object({ invitationId: idSchema });

/** `/team/user/invite/join { userId }`: the pending invitation (null when already a member, 20014). */
export const invitationSentData = z.object({ invitationId: z.number().int() }).nullable();
export type InvitationSent = z.infer<typeof invitationSentData>;

/** One of my pending invitations (/selectTeam, the header badge). */
export const myInvitationSchema = z.object({
  invitationId: z.number().int(),
  teamId: z.number().int(),
  teamName: z.string(),
  teamLogo: z.string(),
  role: roleSchema,
  inviterName: z.string(),
  createTime: z.number(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationListData = z.object({ list: z.array(myInvitationSchema) });

/** A pending invitation of the current team (team centre, OWNER/ADMIN). Phone masked. */
export const teamInvitationSchema = z.object({
  invitationId: z.number().int(),
  userId: z.number().int(),
  nickName: z.string(),
  headImage: z.string(),
  phone: z.string(),
  role: roleSchema,
  inviterName: z.string(),
  createTime: z.number(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationListData = z.object({ list: z.array(teamInvitationSchema) });

/** What an invite link or team code shows before joining: no id, no team code, no member list. */
export const inviteInfoQuery = z.object({ inviteCode: z.string().trim().min(4).max(64) });
export const inviteInfoData = z.object({
  teamName: z.string(),
  teamLogo: z.string(),
  role: roleSchema,
  /** Who made the link; null for a team code (it belongs to the team, not to a person). */
  inviterName: z.string().nullable(),
  /** When the link stops working; null for a team code. */
  expireTime: z.number().nullable(),
  /** A team code whose team asks for approval (加入需审批): joining makes a request. */
  approval: z.boolean(),
});
export type InviteInfo = z.infer<typeof inviteInfoData>;

/** `data` of a 541 answered to a member removed from their current team: which team it was. */
export const removedFromTeamData = z.object({ teamId: z.number().int(), teamName: z.string() });
export type RemovedFromTeam = z.infer<typeof removedFromTeamData>;
