/**
 * The documents room's face: reading an uploaded document into lesson sources, as the jobs and cost
 * rooms use it (rooms.test.ts holds the rooms' one-way order).
 */
export { assertSources, lessonSource, requireTeamDocument } from './ai.documents.ts';
export {
  DOCUMENT_TEMPLATE_LABEL,
  documentOutline,
  missingImages,
  sourceImages,
  sourceNote,
} from './document-lessons.ts';
/** A document by id, whatever its team (a queued job's own document, checked when the job was made). */
export { findDocument } from './documents.repo.ts';
