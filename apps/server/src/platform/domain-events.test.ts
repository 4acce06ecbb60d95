import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { DomainEvents } from './domain-events.ts';

describe('domain events', () => {
  it("runs the event's own handlers in turn with the publisher's handle, and fails the publish with them", async () => {
    const events = new DomainEvents();
    const seen: string[] = [];
    const tx = {} as Db;
    events.on('course.released', async (db, e) => {
      expect(db).toBe(tx);
      seen.push(`first ${e.courseId}`);
    });
    events.on('course.released', async (_, e) => void seen.push(`second ${e.courseId}`));
    events.on('team.renamed', async (_, e) => void seen.push(`renamed ${e.teamName}`));
    await events.publish(tx, { type: 'course.released', courseId: 7, releaseId: 1 });
    expect(seen).toEqual(['first 7', 'second 7']);
    await events.publish(tx, { type: 'course.unreleased', courseId: 7 }); // no handler: nothing runs
    expect(seen).toHaveLength(2);
    events.on('course.unreleased', async () => {
      throw new Error('index failed');
    });
    // The publisher's transaction sees the failure and rolls back with it.
    await expect(events.publish(tx, { type: 'course.unreleased', courseId: 7 })).rejects.toThrow(
      'index failed',
    );
  });
});
