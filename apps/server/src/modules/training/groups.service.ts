/** Member groups (分组): OWNER/ADMIN make them; a member may be in several. Used by tasks. */
import { Code, type TrainingGroup } from '@studio/contract';
import type { TeamCtx } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { teamMemberIdsAmong } from '../teams/index.ts';
import {
  addGroupMembers,
  deleteGroup,
  findGroup,
  groupMembers,
  insertGroup,
  isUniqueViolation,
  listGroups,
  removeGroupMembers,
  renameGroup,
  type GroupRow,
} from './training.repo.ts';

const teamOf = (c: TeamCtx) => c.membership.team.id;

export async function listTrainingGroups(c: TeamCtx): Promise<{ list: TrainingGroup[] }> {
  authorize(c, 'training.view');
  const [groups, members] = await Promise.all([
    listGroups(c.ctx.db, teamOf(c)),
    groupMembers(c.ctx.db, teamOf(c)),
  ]);
  return {
    list: groups.map((g) => ({
      groupId: g.id,
      name: g.name,
      members: members
        .filter((m) => m.groupId === g.id)
        .map((m) => ({ userId: m.userId, nickName: m.nickName })),
      createdAt: g.createdAt.getTime(),
    })),
  };
}

/** The team's group, or 404 (another team's, or none). */
export async function requireGroup(c: TeamCtx, groupId: number): Promise<GroupRow> {
  const group = await findGroup(c.ctx.db, teamOf(c), groupId);
  if (!group) throw new AppError(Code.NOT_FOUND, { data: { field: 'groupId' } });
  return group;
}

/** A name another group of the team has answers 80004, not the database's error. */
async function named<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(Code.TRAINING_GROUP_NAME_TAKEN);
    throw error;
  }
}

export async function createTrainingGroup(c: TeamCtx, name: string): Promise<TrainingGroup> {
  authorize(c, 'training.manage');
  const row = await named(() => insertGroup(c.ctx.db, teamOf(c), name));
  return { groupId: row.id, name: row.name, members: [], createdAt: row.createdAt.getTime() };
}

export async function renameTrainingGroup(c: TeamCtx, groupId: number, name: string): Promise<void> {
  authorize(c, 'training.manage');
  await requireGroup(c, groupId);
  await named(() => renameGroup(c.ctx.db, groupId, name));
}

export async function removeTrainingGroup(c: TeamCtx, groupId: number): Promise<void> {
  authorize(c, 'training.manage');
  await requireGroup(c, groupId);
  await deleteGroup(c.ctx.db, groupId);
}

/**
 * Every id must be a member of the team, else 404 and nothing changes: another team's member is
 * not to be told apart from no one.
 */
export async function requireMembers(c: TeamCtx, userIds: number[]): Promise<number[]> {
  const unique = [...new Set(userIds)];
  const found = await teamMemberIdsAmong(c.ctx, teamOf(c), unique);
  if (found.length !== unique.length) throw new AppError(Code.NOT_FOUND, { data: { field: 'userIds' } });
  return unique;
}

/** Added members get the group's open tasks at once (tasks read groups' members as they are). */
export async function addTrainingGroupMembers(c: TeamCtx, groupId: number, userIds: number[]): Promise<void> {
  authorize(c, 'training.manage');
  await requireGroup(c, groupId);
  await addGroupMembers(c.ctx.db, groupId, await requireMembers(c, userIds));
}

export async function removeTrainingGroupMembers(
  c: TeamCtx,
  groupId: number,
  userIds: number[],
): Promise<void> {
  authorize(c, 'training.manage');
  await requireGroup(c, groupId);
  await removeGroupMembers(c.ctx.db, groupId, [...new Set(userIds)]);
}
