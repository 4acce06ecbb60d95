import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { idSchema } from './common.ts';
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
});
export type CurrentTeam = z.infer<typeof currentTeamData>;

export const teamCreateBody = z.object({
  teamName: teamNameSchema,
  teamLogo: z.string().max(1024).optional(),
});
export const teamChangeBody = z.object({ teamId: idSchema });
