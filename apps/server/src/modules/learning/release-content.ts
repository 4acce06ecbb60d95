/**
 * What a release says, kept in memory by release id. A release is never changed once made (a new
 * release is a new row), so an entry can never go stale and needs no invalidation across processes.
 * This keeps the player's progress saves from reading and hashing every lesson of the course on
 * each request.
 */
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { CoursePreview, DocNode } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import { releaseSnapshots } from '../../db/schema.ts';
import { sha256 } from '../../platform/crypto.ts';

export type ReleaseContent = {
  snapshot: CoursePreview;
  /** Each lesson's content hash: a release that changes a completed lesson shows it 已更新. */
  hashes: ReadonlyMap<number, string>;
};

/** Identifies what a lesson says. */
export const contentHash = (content: DocNode): string => sha256(JSON.stringify(content));

/** Releases of a few hundred courses; each entry is one course's lessons. */
const MAX_RELEASES = 200;

function cacheFor(db: Db) {
  return new LRUCache<number, ReleaseContent>({
    max: MAX_RELEASES,
    // lru-cache's fetch shares one load between concurrent requests for the same release.
    fetchMethod: async (releaseId) => {
      const rows = await db
        .select({ snapshot: releaseSnapshots.snapshot })
        .from(releaseSnapshots)
        .where(eq(releaseSnapshots.id, releaseId));
      const snapshot = rows[0]?.snapshot;
      if (!snapshot) return undefined;
      return {
        snapshot,
        hashes: new Map(snapshot.lessons.map((l) => [l.lessonId, contentHash(l.content)])),
      };
    },
  });
}

/** Tests run several apps on several databases in one process: release ids repeat between them. */
const caches = new WeakMap<Db, ReturnType<typeof cacheFor>>();

export async function releaseContent(db: Db, releaseId: number): Promise<ReleaseContent> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = cacheFor(db)));
  const content = await cache.fetch(releaseId);
  if (!content) throw new Error(`release ${releaseId} not found`);
  return content;
}
