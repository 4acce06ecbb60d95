/**
 * The tables of a job's status moves (jobs/ai.state.ts MOVES, translate/ai.translate-state.ts
 * TRANSLATION_MOVES) and `moveJob`, the one way a job's status changes: every move listed here is
 * allowed and every other pair refused. A move taken out of a table fails the first tests here.
 */
import { AI_JOB_STATUSES, type AiJobStatus } from '@studio/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { TRANSLATION_MOVES } from '../translate/ai.translate-state.ts';
import { canMove, MOVES, moveJob, type JobMoves } from './ai.state.ts';

/** Every move a job makes today, as the state changes' SQL conditions guard them. */
const JOB_ALLOWED: [AiJobStatus, AiJobStatus][] = [
  ['outlining', 'outline_ready'], // outlineWritten
  ['outlining', 'failed'], // outlineFailed
  ['outlining', 'cancelled'], // jobCancelled
  ['outline_ready', 'generating'], // generationStarted
  ['outline_ready', 'cancelled'], // jobCancelled
  ['generating', 'generating'], // lessonRetried while others still run; translationStarted
  ['generating', 'done'], // jobSettled; translationStarted (no lessons)
  ['generating', 'failed'], // jobSettled
  ['generating', 'cancelled'], // jobCancelled
  ['failed', 'generating'], // lessonRetried (重试 a lesson, 继续翻译)
  ['cancelled', 'generating'], // lessonRetried
];

/** A translation has no outline: it starts generating, and never outlines or waits for a review. */
const TRANSLATION_ALLOWED: [AiJobStatus, AiJobStatus][] = [
  ['generating', 'generating'],
  ['generating', 'done'],
  ['generating', 'failed'],
  ['generating', 'cancelled'],
  ['failed', 'generating'],
  ['cancelled', 'generating'],
];

const allPairs = AI_JOB_STATUSES.flatMap((from) =>
  AI_JOB_STATUSES.map((to): [AiJobStatus, AiJobStatus] => [from, to]),
);
const key = ([from, to]: [AiJobStatus, AiJobStatus]) => `${from} → ${to}`;

function movesOf(moves: JobMoves) {
  return {
    allowed: allPairs.filter(([from, to]) => canMove(moves, from, to)).map(key),
    refused: allPairs.filter(([from, to]) => !canMove(moves, from, to)).map(key),
  };
}

describe('job status moves', () => {
  it('an AI job moves only as the table says', () => {
    const { allowed, refused } = movesOf(MOVES);
    expect(allowed.sort()).toEqual(JOB_ALLOWED.map(key).sort());
    // Among the refused: a finished job never moves, nothing goes back to outlining, no skipping the review.
    expect(refused).toEqual(
      expect.arrayContaining([
        'done → generating',
        'done → cancelled',
        'failed → done',
        'cancelled → done',
        'generating → outlining',
        'outline_ready → outlining',
        'outlining → generating',
        'outline_ready → done',
        'failed → outline_ready',
      ]),
    );
    expect(allowed.length + refused.length).toBe(AI_JOB_STATUSES.length ** 2);
  });

  it('a translation moves only as its table says, each move one an AI job may make', () => {
    const { allowed, refused } = movesOf(TRANSLATION_MOVES);
    expect(allowed.sort()).toEqual(TRANSLATION_ALLOWED.map(key).sort());
    expect(refused).toEqual(
      expect.arrayContaining([
        'outlining → outline_ready',
        'outline_ready → generating',
        'done → generating',
      ]),
    );
    for (const [from, to] of TRANSLATION_ALLOWED) expect(canMove(MOVES, from, to)).toBe(true);
  });

  it('moveJob refuses a move the table does not list, before any statement', async () => {
    const noDb = {} as Db;
    await expect(moveJob(noDb, 1, MOVES, ['done'], 'generating')).rejects.toThrow(
      'job status move refused: done → generating',
    );
    await expect(moveJob(noDb, 1, TRANSLATION_MOVES, ['outline_ready'], 'generating')).rejects.toThrow(
      'job status move refused: outline_ready → generating',
    );
    await expect(moveJob(noDb, 1, MOVES, ['outlining', 'failed'], 'outline_ready')).rejects.toThrow(
      'job status move refused: failed → outline_ready',
    );
  });
});
