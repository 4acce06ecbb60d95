/**
 * The one whitelist of lesson content (Tiptap JSON), applied by the server before it stores content
 * and by the web app before it renders any (local drafts included). Only known node and mark types
 * survive, each with checked attributes; URLs must be http(s) or our own files. The web app renders
 * the result through DOMPurify as a second line of defence.
 */
import { QUIZ_ID, QUIZ_KINDS, QUIZ_LIMITS } from './quiz.ts';
import type { DocNode } from './schemas/course.ts';

export const CALLOUT_TONES = ['info', 'warning', 'success', 'danger'] as const;
export type CalloutTone = (typeof CALLOUT_TONES)[number];

/** An image's width as the author sized it, in CSS pixels, and its caption's length. */
export const IMAGE_WIDTH = { min: 48, max: 2000 } as const;
export const IMAGE_CAPTION_MAX = 200;

type Attrs = Record<string, unknown>;
type AttrRule = (value: unknown) => unknown;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
export const cleanText = (s: string): string => s.replace(CONTROL, '');

const str =
  (max: number): AttrRule =>
  (v) =>
    typeof v === 'string' ? cleanText(v).slice(0, max) : undefined;
const int =
  (min: number, max: number): AttrRule =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;
const oneOf =
  (...values: string[]): AttrRule =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? v : undefined;

const list =
  (rule: AttrRule, max: number): AttrRule =>
  (v) =>
    Array.isArray(v)
      ? v
          .map(rule)
          .filter((x) => x !== undefined && x !== '')
          .slice(0, max)
      : undefined;

/** http(s) URLs and our own root-relative file paths; never javascript:, data:, vbscript: … */
export function safeUrl(value: unknown, { allowMailto = false } = {}): string | undefined {
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (v.length > 2048) return undefined;
  if (/^\/api\/files\/[\w/.-]+$/.test(v)) return v;
  try {
    const url = new URL(v);
    const ok =
      url.protocol === 'https:' || url.protocol === 'http:' || (allowMailto && url.protocol === 'mailto:');
    return ok ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const NODES: Record<string, Record<string, AttrRule>> = {
  doc: {},
  paragraph: { textAlign: oneOf('left', 'center', 'right') },
  text: {},
  heading: { level: int(1, 4) },
  bulletList: {},
  orderedList: { start: int(1, 10_000) },
  listItem: {},
  blockquote: {},
  codeBlock: { language: (v) => (typeof v === 'string' && /^[\w+#-]{1,20}$/.test(v) ? v : undefined) },
  horizontalRule: {},
  hardBreak: {},
  // width: the author's size in CSS pixels (shown at most the page's width); caption: shown under it.
  image: {
    src: (v) => safeUrl(v),
    alt: str(200),
    title: str(200),
    width: int(IMAGE_WIDTH.min, IMAGE_WIDTH.max),
    caption: str(IMAGE_CAPTION_MAX),
  },
  table: {},
  tableRow: {},
  tableHeader: { colspan: int(1, 20), rowspan: int(1, 50) },
  tableCell: { colspan: int(1, 20), rowspan: int(1, 50) },
  callout: { tone: oneOf(...CALLOUT_TONES) },
  videoEmbed: { src: (v) => safeUrl(v) },
  // An uploaded video or audio (modules/media on the server): played through signed HLS addresses.
  media: { mediaId: int(1, 2_147_483_647), kind: oneOf('video', 'audio'), title: str(200) },
  quiz: {
    id: (v) => (typeof v === 'string' && QUIZ_ID.test(v) ? v : undefined),
    kind: oneOf(...QUIZ_KINDS),
    question: str(QUIZ_LIMITS.questionMax),
    options: list(str(QUIZ_LIMITS.optionMax), QUIZ_LIMITS.optionsMax),
    correct: list(int(0, QUIZ_LIMITS.optionsMax - 1), QUIZ_LIMITS.optionsMax),
    accepted: list(str(QUIZ_LIMITS.blankMax), QUIZ_LIMITS.acceptedMax),
    explanation: str(QUIZ_LIMITS.explanationMax),
  },
};

const MARKS: Record<string, Record<string, AttrRule>> = {
  bold: {},
  italic: {},
  strike: {},
  underline: {},
  code: {},
  link: { href: (v) => safeUrl(v, { allowMailto: true }) },
};

/** Nodes that mean nothing without their URL are dropped when the URL is refused. */
const REQUIRED: Record<string, string> = { image: 'src', videoEmbed: 'src', media: 'mediaId', quiz: 'id' };

function cleanAttrs(rules: Record<string, AttrRule>, attrs: Attrs | undefined): Attrs | undefined {
  if (!attrs) return undefined;
  const out: Attrs = {};
  for (const [key, rule] of Object.entries(rules)) {
    const value = rule(attrs[key]);
    if (value !== undefined) out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
}

function cleanNode(node: DocNode, depth: number): DocNode | undefined {
  const rules = NODES[node.type];
  if (!rules || depth > 40) return undefined;
  const attrs = cleanAttrs(rules, node.attrs);
  const required = REQUIRED[node.type];
  if (required && attrs?.[required] === undefined) return undefined;
  const out: DocNode = { type: node.type };
  if (attrs) out.attrs = attrs;
  if (node.type === 'text') {
    const text = typeof node.text === 'string' ? cleanText(node.text) : '';
    if (!text) return undefined;
    out.text = text;
    const marks = (node.marks ?? []).flatMap((m) => {
      const markRules = MARKS[m.type];
      if (!markRules) return [];
      const markAttrs = cleanAttrs(markRules, m.attrs);
      if (m.type === 'link' && !markAttrs?.href) return [];
      return [markAttrs ? { type: m.type, attrs: markAttrs } : { type: m.type }];
    });
    if (marks.length) out.marks = marks;
    return out;
  }
  if (Array.isArray(node.content)) {
    out.content = node.content.flatMap((child) => cleanNode(child, depth + 1) ?? []);
  }
  return out;
}

/** Only known types and checked attributes survive; an empty or broken document becomes one paragraph. */
export function sanitizeDoc(doc: DocNode | null | undefined): DocNode {
  const cleaned = doc?.type === 'doc' ? cleanNode(doc, 0) : undefined;
  if (cleaned?.content?.length) uniqueQuizIds(cleaned);
  return cleaned?.content?.length ? cleaned : { type: 'doc', content: [{ type: 'paragraph' }] };
}

/** The ids of the uploaded media a document's media blocks refer to. */
export function mediaIdsOf(doc: DocNode | null | undefined): number[] {
  const ids: number[] = [];
  const walk = (node: DocNode) => {
    if (node.type === 'media' && typeof node.attrs?.mediaId === 'number') ids.push(node.attrs.mediaId);
    node.content?.forEach(walk);
  };
  if (doc) walk(doc);
  return ids;
}

/** A pasted copy of a quiz keeps its id: answers are graded by id, so later copies get a new one. */
function uniqueQuizIds(doc: DocNode): void {
  const seen = new Set<string>();
  const walk = (node: DocNode) => {
    if (node.type === 'quiz' && node.attrs && typeof node.attrs.id === 'string') {
      let id = node.attrs.id;
      for (let n = 2; seen.has(id); n += 1) id = `${node.attrs.id.slice(0, 28)}-${n}`;
      seen.add(id);
      node.attrs.id = id;
    }
    node.content?.forEach(walk);
  };
  walk(doc);
}
