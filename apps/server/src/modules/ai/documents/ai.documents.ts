/**
 * Documents for AI 创课: a file read into sections (documents/read-document.ts) and kept as the team's
 * row; a job that names one builds its outline from the sections and writes each lesson from its own.
 */
import {
  type AiDocument,
  Code,
  type DocumentBlock,
  type DocumentSection,
  type Outline,
} from '@studio/contract';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../db/client.ts';
import type { TeamCtx } from '../../../platform/auth.ts';
import type { LessonSource } from '../../../platform/ai/course-generator.ts';
import { AppError } from '../../../platform/errors.ts';
import { authorize } from '../../../platform/policy.ts';
import { type OnParseProgress, readDocument } from './read-document.ts';
import { type AiDocumentRow, findTeamDocument, insertDocument } from './documents.repo.ts';
import { sectionChars } from './sections.ts';
import { PENDING_IMAGE } from './doc-images.ts';
import { deleteUpload, storeUpload } from '../../files/index.ts';

const present = (row: AiDocumentRow): AiDocument => ({
  documentId: row.id,
  name: row.name,
  format: row.format,
  pages: row.pages,
  sections: row.sections.map((s) => ({
    title: s.title,
    level: s.level,
    source: s.source,
    chars: sectionChars(s),
    images: s.blocks.filter((b) => b.type === 'image').length,
  })),
});

/**
 * The document's pictures stored through the files module (decoded and re-encoded, never the
 * document's bytes) and their blocks pointed at them; a picture that does not decode (or is over the
 * pixel limit) loses its block. Only a document that was read without refusal gets here, so a refused
 * one stores nothing; if storing or saving its row fails, what was stored is deleted (parseDocument).
 * The pictures then live as long as the document's row and the lessons showing them.
 */
async function storeImages(
  ctx: AppContext,
  sections: DocumentSection[],
  images: Uint8Array[],
  stored: string[],
  onProgress?: OnParseProgress,
): Promise<DocumentSection[]> {
  const urls = new Map<string, string>();
  const used = new Set(sections.flatMap((s) => s.blocks.flatMap((b) => (b.type === 'image' ? [b.src] : []))));
  const total = images.filter((_, i) => used.has(`${PENDING_IMAGE}${i}`)).length;
  let done = 0;
  // One at a time: re-encoding is CPU work on a machine the other requests share (about 0.7 s for a
  // 1600 px photo here, so the author sees each one stored).
  for (const [i, bytes] of images.entries()) {
    const pending = `${PENDING_IMAGE}${i}`;
    if (!used.has(pending)) continue;
    try {
      const upload = await storeUpload(
        ctx,
        'image',
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      );
      stored.push(upload.key);
      urls.set(pending, upload.url);
    } catch (err) {
      // The files module's refusal (not an image, does not decode, too many pixels): left out.
      if (!(err instanceof AppError)) throw err;
    }
    onProgress?.({ done: ++done, total, unit: 'picture' });
  }
  return sections.map((s) => ({
    ...s,
    blocks: s.blocks.flatMap((b): DocumentBlock[] => {
      if (b.type !== 'image') return [b];
      const url = urls.get(b.src);
      return url ? [{ ...b, src: url }] : [];
    }),
  }));
}

export async function parseDocument(
  c: TeamCtx,
  name: string,
  bytes: Uint8Array,
  onProgress?: OnParseProgress,
): Promise<AiDocument> {
  authorize(c, 'ai.create');
  const { images, ...read } = await readDocument(bytes, name, onProgress);
  const stored: string[] = [];
  try {
    const sections = await storeImages(c.ctx, read.sections, images, stored, onProgress);
    const row = await insertDocument(c.ctx.db, {
      teamId: c.membership.team.id,
      userId: c.actor.user.id,
      name,
      ...read,
      sections,
    });
    return present(row);
  } catch (err) {
    // Nothing of a document that was not saved is left behind.
    await Promise.all(stored.map((key) => deleteUpload(c.ctx, key)));
    throw err;
  }
}

/** The team's document a job names; one not of the team (or gone) is refused before the job exists. */
export async function requireTeamDocument(
  db: Db,
  teamId: number,
  documentId: number,
): Promise<AiDocumentRow> {
  const row = await findTeamDocument(db, teamId, documentId);
  if (!row) throw new AppError(Code.AI_DOC_NOT_FOUND);
  return row;
}

/** An outline edited by its author may only name sections the document has. */
export function assertSources(outline: Outline, doc: AiDocumentRow | undefined): void {
  const named = outline.lessons.flatMap((l) => l.sources ?? []);
  if (!doc ? named.length : named.some((i) => i >= doc.sections.length))
    throw new AppError(Code.AI_DOC_BAD_SOURCES);
}

/** The sections a lesson is written from, or undefined for a lesson the author added (no sources). */
export function lessonSource(doc: AiDocumentRow, outline: Outline, idx: number): LessonSource | undefined {
  const sources = outline.lessons[idx]?.sources ?? [];
  const sections = sources.map((i) => doc.sections[i]).filter((s) => s !== undefined);
  return sections.length ? { documentName: doc.name, sections } : undefined;
}
