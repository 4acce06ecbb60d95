/**
 * A lesson's live document in PostgreSQL: loaded from its stored Yjs state (brought up to the
 * lesson's JSON when a save landed while nobody edited live), or seeded once from the lesson's JSON (on the server, never from a client; the first seed stored wins, so two connections
 * or processes opening a fresh lesson at once share one seed); stored as Yjs state plus the JSON
 * derived from it in one transaction (lesson-live.service.ts).
 */
import { Code } from '@studio/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { Db } from '../../db/client.ts';
import { lessonContentOf, storeLiveLesson, LessonTooLargeError } from '../courses/index.ts';
import { closeFor } from './sockets.ts';
import { FRAGMENT, docToYDoc, fragmentToDoc, writeDocToFragment } from './y-json.ts';
import { findYState, insertSeedState, upsertYState } from './ydoc.repo.ts';

export async function loadLessonDoc(db: Db, lessonId: number, into: Y.Doc): Promise<void> {
  const [stored, content] = await Promise.all([findYState(db, lessonId), lessonContentOf(db, lessonId)]);
  if (!content) throw new Error('no such lesson');
  let state = stored;
  if (!state) {
    const seeded = Y.encodeStateAsUpdate(docToYDoc(content));
    if (await insertSeedState(db, lessonId, seeded)) state = seeded;
    else state = await findYState(db, lessonId);
  }
  if (state) Y.applyUpdate(into, state);
  // A save made while nobody edited the lesson live left the stored state behind its JSON (collab.ts
  // replaceContent): the saved text goes in now, as that save would have put it, on top of the state,
  // so a client holding an older copy of the document still merges with it.
  const fragment = into.getXmlFragment(FRAGMENT);
  const live = JSON.stringify(fragmentToDoc(fragment));
  if (live !== JSON.stringify(fragmentToDoc(docToYDoc(content).getXmlFragment(FRAGMENT)))) {
    into.transact(() => writeDocToFragment(fragment, content));
  }
}

export async function storeLessonDoc(
  db: Db,
  lessonId: number,
  doc: Y.Doc,
  authorIds: number[],
  log: FastifyBaseLogger,
): Promise<void> {
  const content = fragmentToDoc(doc.getXmlFragment(FRAGMENT));
  const state = Y.encodeStateAsUpdate(doc);
  try {
    const stored = await storeLiveLesson(db, lessonId, content, authorIds, (tx) =>
      upsertYState(tx, lessonId, state),
    );
    if (!stored) log.info({ lessonId }, 'collab: lesson deleted, its live document is not stored');
  } catch (err) {
    // Kept in memory (Hocuspocus retries on the next change); the cap normally refuses it before.
    if (err instanceof LessonTooLargeError) log.warn({ lessonId }, 'collab: lesson over the size limit');
    throw err;
  }
}

/**
 * The per-document cap, without encoding the document on every message: an estimate grown by each
 * message's size, made exact (one encoding) only when it passes the cap.
 */
export class DocSizes {
  private readonly estimate = new Map<string, number>();
  private readonly cap: number;
  constructor(cap: number) {
    this.cap = cap;
  }
  set(name: string, bytes: number): void {
    this.estimate.set(name, bytes);
  }
  delete(name: string): void {
    this.estimate.delete(name);
  }
  allows(name: string, message: Uint8Array, doc: Y.Doc): boolean {
    // Only document changes count (sync messages); awareness (carets) does not grow the document.
    const d = decoding.createDecoder(message);
    decoding.readVarString(d);
    const type = decoding.readVarUint(d);
    if (type !== 0 && type !== 4) return true;
    const next = (this.estimate.get(name) ?? 0) + message.byteLength;
    if (next <= this.cap) {
      this.estimate.set(name, next);
      return true;
    }
    const exact = Y.encodeStateAsUpdate(doc).byteLength;
    this.estimate.set(name, exact);
    return exact + message.byteLength <= this.cap;
  }
  refusal() {
    return closeFor(Code.COLLAB_DOC_TOO_LARGE);
  }
}
