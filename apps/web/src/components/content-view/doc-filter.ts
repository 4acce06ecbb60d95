import type { DocNode } from '@studio/contract';

/**
 * The client's own whitelist of lesson content, applied before rendering. The server already keeps
 * only these node and mark types (its sanitizer); this repeats the rule so that content which did
 * not come through the server (a local draft, a test, a future endpoint) renders just as safely, and
 * so that ProseMirror never meets a type it does not know.
 */
type Attrs = Record<string, unknown>;
type Rule = (value: unknown) => unknown;

const str =
  (max: number): Rule =>
  (v) =>
    typeof v === 'string' ? v.slice(0, max) : undefined;
const int =
  (min: number, max: number): Rule =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : undefined;
const oneOf =
  (...values: string[]): Rule =>
  (v) =>
    typeof v === 'string' && values.includes(v) ? v : undefined;

/** http(s) URLs and our own uploaded files; never javascript:, data:, vbscript: … */
export const safeUrl = (value: unknown, allowMailto = false): string | undefined => {
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
};

export const CALLOUT_TONES = ['info', 'warning', 'success', 'danger'] as const;
export type CalloutTone = (typeof CALLOUT_TONES)[number];

const NODES: Record<string, Record<string, Rule>> = {
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
  image: { src: (v) => safeUrl(v), alt: str(200), title: str(200) },
  table: {},
  tableRow: {},
  tableHeader: { colspan: int(1, 20), rowspan: int(1, 50) },
  tableCell: { colspan: int(1, 20), rowspan: int(1, 50) },
  callout: { tone: oneOf(...CALLOUT_TONES) },
  videoEmbed: { src: (v) => safeUrl(v) },
};

const MARKS: Record<string, Record<string, Rule>> = {
  bold: {},
  italic: {},
  strike: {},
  underline: {},
  code: {},
  link: { href: (v) => safeUrl(v, true) },
};

const REQUIRED: Record<string, string> = { image: 'src', videoEmbed: 'src' };

const cleanAttrs = (rules: Record<string, Rule>, attrs: Attrs | undefined): Attrs | undefined => {
  if (!attrs) return undefined;
  const out: Attrs = {};
  for (const [key, rule] of Object.entries(rules)) {
    const value = rule(attrs[key]);
    if (value !== undefined) out[key] = value;
  }
  return Object.keys(out).length ? out : undefined;
};

const cleanNode = (node: DocNode, depth: number): DocNode | undefined => {
  const rules = NODES[node.type];
  if (!rules || depth > 40) return undefined;
  const attrs = cleanAttrs(rules, node.attrs);
  const required = REQUIRED[node.type];
  if (required && attrs?.[required] === undefined) return undefined;
  const out: DocNode = { type: node.type };
  if (attrs) out.attrs = attrs;
  if (node.type === 'text') {
    if (typeof node.text !== 'string' || !node.text) return undefined;
    out.text = node.text;
    const marks = (node.marks ?? []).flatMap((mark) => {
      const markRules = MARKS[mark.type];
      if (!markRules) return [];
      const markAttrs = cleanAttrs(markRules, mark.attrs);
      if (mark.type === 'link' && !markAttrs?.href) return [];
      return [markAttrs ? { type: mark.type, attrs: markAttrs } : { type: mark.type }];
    });
    if (marks.length) out.marks = marks;
    return out;
  }
  if (Array.isArray(node.content)) {
    out.content = node.content.flatMap((child) => cleanNode(child, depth + 1) ?? []);
  }
  return out;
};

/** Only known types and checked attributes survive; an empty or broken document becomes one paragraph. */
export const filterDoc = (doc: DocNode | null | undefined): DocNode => {
  const cleaned = doc?.type === 'doc' ? cleanNode(doc, 0) : undefined;
  return cleaned?.content?.length ? cleaned : { type: 'doc', content: [{ type: 'paragraph' }] };
};

/** The document's text, block by block (for copying a conflicting copy, and for fallbacks). */
export const docText = (doc: DocNode | null | undefined): string => {
  if (!doc) return '';
  if (doc.type === 'text') return doc.text ?? '';
  if (doc.type === 'hardBreak') return '\n';
  const inner = (doc.content ?? []).map(docText);
  const isBlockContainer = (doc.content ?? []).some((c) => c.type !== 'text' && c.type !== 'hardBreak');
  return inner.join(isBlockContainer ? '\n' : '');
};
