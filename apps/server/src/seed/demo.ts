/** Demo data for the zero-config start: an account to log in with and a team to work in. */
import type { FastifyBaseLogger } from 'fastify';
import { storeUpload } from '../modules/files/files.service.ts';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/crypto.ts';
import { findUserByPhone, insertUserByPhone, updateUser } from '../modules/users/users.repo.ts';
import { insertMember, insertTeamWithOwner } from '../modules/teams/teams.repo.ts';
import { seedDemoCourses } from './demo-courses.ts';
import { seedDemoLearning } from './demo-learning.ts';

export const DEMO = {
  phone: '13800000000',
  password: 'demo1234',
  nickName: '演示用户',
  memberPhone: '13800000001',
  memberNickName: '演示成员',
  teamName: '演示团队',
  teamCode: 'DEMO88',
} as const;

export async function seedDemo(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const { db } = ctx;
  if (await findUserByPhone(db, DEMO.phone)) return;
  log.info('seeding demo data (first start only)');
  const passwordHash = await hashPassword(DEMO.password);
  const owner = await insertUserByPhone(db, { phone: DEMO.phone, nickName: DEMO.nickName, passwordHash });
  const member = await insertUserByPhone(db, {
    phone: DEMO.memberPhone,
    nickName: DEMO.memberNickName,
    passwordHash,
  });
  const team = await insertTeamWithOwner(db, {
    teamCode: DEMO.teamCode,
    teamName: DEMO.teamName,
    teamLogo: '',
    ownerId: owner.id,
  });
  if (!team) return;
  await insertMember(db, team.id, member.id, 'MEMBER');
  await updateUser(db, owner.id, { lastTeamId: team.id });
  await updateUser(db, member.id, { lastTeamId: team.id });
  const storeCover = async (png: Buffer) => (await storeUpload(ctx, 'cover', png)).url;
  await seedDemoCourses(db, storeCover, team, owner.id, ctx.domainEvents);
  await seedDemoLearning(
    db,
    storeCover,
    { teamId: team.id, ownerId: owner.id, memberId: member.id },
    passwordHash,
    ctx.domainEvents,
  );
  log.info(`demo account: phone ${DEMO.phone}, password ${DEMO.password}`);
}
