/** Builds a document's sections block by block, with the limits on their number and total text. */
import { DOCUMENT_LIMITS, type DocumentBlock, type DocumentSection } from '@studio/contract';
import { docRefused } from './doc-errors.ts';

/**
 * One line of a document's text: runs of space as one, and no NUL or lone surrogate (PostgreSQL's
 * jsonb refuses both; a PDF's text can carry them).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const clean = (s: string) =>
  s.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD').replace(/\s+/g, ' ').trim();

export class SectionBuilder {
  readonly sections: DocumentSection[] = [];
  private chars = 0;

  /** Starts a section; text before the first one goes into an untitled opening section. */
  start(title: string, level: number, source: string): void {
    if (this.sections.length >= DOCUMENT_LIMITS.sectionsMax) throw docRefused.tooComplex();
    const t = [...clean(title)].slice(0, 200).join('');
    this.sections.push({
      title: t,
      level: Math.min(Math.max(level, 1), 6),
      source: clean(source),
      blocks: [],
    });
  }

  add(block: DocumentBlock, fallback: { title: string; source: string }): void {
    const b = cleanBlock(block);
    if (!b) return;
    this.chars += blockChars(b);
    if (this.chars > DOCUMENT_LIMITS.textMax) throw docRefused.tooComplex();
    if (!this.sections.length) this.start(fallback.title, 1, fallback.source);
    this.sections.at(-1)!.blocks.push(b);
  }

  /** The sections that say something (a heading with no text under it keeps its title as the lesson's). */
  result(): DocumentSection[] {
    const out = this.sections.filter((s) => s.blocks.length || s.title);
    // Pictures alone are no text to write lessons from.
    if (!out.some((s) => s.blocks.some((b) => b.type !== 'image'))) throw docRefused.noText();
    return out;
  }
}

/** What some tools put as a picture's description: its file's name, which describes nothing. */
const FILE_NAME = /^[^\s/\\]+\.(png|jpe?g|gif|webp|bmp|tiff?|emf|wmf|svg)$/i;

function cleanBlock(b: DocumentBlock): DocumentBlock | null {
  if (b.type === 'image') {
    const alt = clean(b.alt);
    return { type: 'image', src: b.src, alt: FILE_NAME.test(alt) ? '' : [...alt].slice(0, 200).join('') };
  }
  if (b.type === 'paragraph') {
    const text = clean(b.text);
    return text ? { type: 'paragraph', text } : null;
  }
  if (b.type === 'list') {
    const items = b.items.map(clean).filter(Boolean);
    return items.length ? { ...b, items } : null;
  }
  const rows = b.rows.map((r) => r.map(clean)).filter((r) => r.some(Boolean));
  return rows.length ? { type: 'table', rows } : null;
}

export function blockChars(b: DocumentBlock): number {
  if (b.type === 'paragraph') return b.text.length;
  if (b.type === 'list') return b.items.reduce((n, i) => n + i.length, 0);
  if (b.type === 'image') return 0;
  return b.rows.reduce((n, r) => n + r.reduce((m, c) => m + c.length, 0), 0);
}

export const sectionChars = (s: DocumentSection): number =>
  s.title.length + s.blocks.reduce((n, b) => n + blockChars(b), 0);
