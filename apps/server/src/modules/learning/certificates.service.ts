/**
 * Certificates: their codes, the public verification page's data, and revoking those of a course a
 * team no longer holds (a refund). Issuing is the completing transaction's (`settleCourse` in lesson-completion.ts).
 */
import { randomInt } from 'node:crypto';
import { Code, type Certificate } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findCertificate, revokeUnheldCertificates } from './learning.repo.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A certificate's public code: 12 characters without look-alikes (0/O, 1/I). */
export const newCertificateCode = () =>
  Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * A refund, or any other loss of a course by a team, revokes the certificates its learners got for
 * it: called in the transaction that takes the course away (`applyRefundNotice`).
 */
export async function revokeLostCertificates(tx: Db, teamId: number): Promise<number> {
  return revokeUnheldCertificates(tx, teamId);
}

/**
 * The public verification page's data: the certificate's own fields, nothing else about the learner.
 * A revoked certificate says so and when (the page never shows it as valid). The course exam it
 * needed reads as passed, with its pass mark; the score only when the viewer is the learner.
 */
export async function viewCertificate(
  ctx: AppContext,
  code: string,
  viewerId: number | null,
): Promise<Certificate> {
  const row = await findCertificate(ctx.db, code);
  if (!row) throw new AppError(Code.NOT_FOUND);
  return {
    code: row.code,
    learnerName: row.learnerName,
    courseTitle: row.courseTitle,
    issuerTeamName: row.issuerTeamName,
    learnerTeamName: row.teamName,
    issuedAt: row.issuedAt.getTime(),
    revokedAt: row.revokedAt ? row.revokedAt.getTime() : null,
    exam:
      row.examTitle === null
        ? null
        : {
            title: row.examTitle,
            passPercent: row.examPassPercent ?? 0,
            score: viewerId === row.userId ? row.examScore : null,
          },
  };
}
