/**
 * Documents for AI 创课: a file read into sections (documents/read-document.ts) and kept as the team's
 * row; a job that names one builds its outline from the sections and writes each lesson from its own.
 */
import { type AiDocument, Code, type Outline } from '@studio/contract';
import type { Db } from '../../db/client.ts';
import type { TeamCtx } from '../../platform/auth.ts';
import type { LessonSource } from '../../platform/ai/document-lessons.ts';
import { AppError } from '../../platform/errors.ts';
import { authorize } from '../../platform/policy.ts';
import { type OnParseProgress, readDocument } from './documents/read-document.ts';
import { type AiDocumentRow, findTeamDocument, insertDocument } from './documents/documents.repo.ts';
import { sectionChars } from './documents/sections.ts';

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
  })),
});

export async function parseDocument(
  c: TeamCtx,
  name: string,
  bytes: Uint8Array,
  onProgress?: OnParseProgress,
): Promise<AiDocument> {
  authorize(c, 'ai.create');
  const read = await readDocument(bytes, name, onProgress);
  const row = await insertDocument(c.ctx.db, {
    teamId: c.membership.team.id,
    userId: c.actor.user.id,
    name,
    ...read,
  });
  return present(row);
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
