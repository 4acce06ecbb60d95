/**
 * `@studio/contract/markdown`: Markdown (CommonMark + GFM, read by `marked`'s lexer) as lesson JSON,
 * the one converter of the server (AI lessons, document imports) and the web app (the writing assist).
 * Tokens map only to the node and mark types the content whitelist allows, and the result passes
 * `sanitizeDoc`; what has no node of its own (HTML, task boxes, a picture inside a heading) keeps its
 * text. Kept out of the package root so `marked` only loads where Markdown is read.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import { sanitizeDoc } from './content-sanitizer.ts';
import type { DocNode } from './schemas/course.ts';

export type MarkdownOptions = {
  /**
   * Which pictures become image nodes; any other is dropped (a model's made-up picture). Without it
   * none is kept.
   */
  keepImage?: (src: string) => boolean;
  /** Added to a heading's `#` count (the AI's lessons sit under their title: `#` is level 2); at most 4. */
  headingOffset?: number;
};

type Mark = NonNullable<DocNode['marks']>[number];
type Ctx = Required<MarkdownOptions>;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** marked leaves character references in text for its HTML renderer; the editor's text is plain. */
const decode = (s: string) =>
  s.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES[e.toLowerCase()] ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });

const textNode = (text: string, marks: Mark[]): DocNode =>
  marks.length ? { type: 'text', text, marks } : { type: 'text', text };

/** A line break inside a paragraph is a space (as Markdown shows it); code keeps its lines. */
const soft = (s: string) => s.replace(/[ \t]*\n[ \t]*/g, ' ');

/**
 * Inline tokens as inline nodes. With `images` a kept picture comes as an image node among them (its
 * paragraph splits around it); where no picture can stand (a heading, a cell) it leaves its description.
 */
function inline(tokens: Token[] | undefined, ctx: Ctx, marks: Mark[], images = false): DocNode[] {
  const out: DocNode[] = [];
  const withMark = (t: Tokens.Generic, mark: Mark) =>
    out.push(...inline(t.tokens, ctx, [...marks, mark], images));
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'text':
        if (t.tokens?.length) out.push(...inline(t.tokens, ctx, marks, images));
        else if (t.text) out.push(textNode(soft(decode(t.text)), marks));
        break;
      case 'escape':
        out.push(textNode(decode(t.text), marks));
        break;
      case 'codespan':
        out.push(textNode(decode(t.text), [...marks, { type: 'code' }]));
        break;
      case 'strong':
        withMark(t, { type: 'bold' });
        break;
      case 'em':
        withMark(t, { type: 'italic' });
        break;
      case 'del':
        withMark(t, { type: 'strike' });
        break;
      case 'link':
        withMark(t, { type: 'link', attrs: { href: t.href } });
        break;
      case 'br':
        out.push({ type: 'hardBreak' });
        break;
      case 'image': {
        if (!ctx.keepImage(t.href)) break;
        const alt = decode(t.text ?? '').trim();
        if (images)
          out.push({ type: 'image', attrs: { src: t.href, alt, ...(t.title ? { title: t.title } : {}) } });
        else if (alt) out.push(textNode(alt, marks));
        break;
      }
      case 'html':
        // Raw HTML is no content of ours: it stays as the text it was written as (shown, never run).
        out.push(textNode(soft(t.text), marks));
        break;
      default:
        if ('tokens' in t && t.tokens?.length) out.push(...inline(t.tokens, ctx, marks, images));
        else if (t.raw) out.push(textNode(soft(t.raw), marks));
    }
  }
  return out.filter((n) => n.type !== 'text' || n.text);
}

const blank = (nodes: DocNode[]) => nodes.every((n) => n.type === 'text' && !n.text!.trim());

/** A paragraph's text, split where a picture stands on its own (the editor's images are blocks). */
function paragraphs(tokens: Token[] | undefined, ctx: Ctx): DocNode[] {
  const out: DocNode[] = [];
  let run: DocNode[] = [];
  const flush = () => {
    if (!blank(run)) out.push({ type: 'paragraph', content: run });
    run = [];
  };
  for (const node of inline(tokens, ctx, [], true)) {
    if (node.type !== 'image') run.push(node);
    else {
      flush();
      out.push(node);
    }
  }
  flush();
  return out;
}

const cell = (type: string, c: Tokens.TableCell, ctx: Ctx): DocNode => {
  const content = inline(c.tokens, ctx, []);
  return { type, content: [content.length ? { type: 'paragraph', content } : { type: 'paragraph' }] };
};

/** A list item's blocks; the editor's list item starts with a paragraph. */
function listItem(item: Tokens.ListItem, ctx: Ctx): DocNode {
  const content = blocks(item.tokens, ctx);
  // A task box has no node of ours: it stays readable as the text it was written as.
  if (item.task) {
    const box: DocNode = { type: 'text', text: item.checked ? '[x] ' : '[ ] ' };
    if (content[0]?.type === 'paragraph')
      content[0] = { ...content[0], content: [box, ...(content[0].content ?? [])] };
    else content.unshift({ type: 'paragraph', content: [box] });
  }
  if (content[0]?.type !== 'paragraph') content.unshift({ type: 'paragraph' });
  return { type: 'listItem', content };
}

function blocks(tokens: Token[] | undefined, ctx: Ctx): DocNode[] {
  const out: DocNode[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'space':
      case 'def':
      case 'checkbox':
        break;
      case 'heading':
        out.push({
          type: 'heading',
          attrs: { level: Math.min(Math.max(t.depth + ctx.headingOffset, 1), 4) },
          content: inline(t.tokens, ctx, []),
        });
        break;
      case 'paragraph':
      case 'text':
        out.push(...(t.tokens ? paragraphs(t.tokens, ctx) : paragraphs([t], ctx)));
        break;
      case 'code': {
        const language = (t.lang ?? '').trim().split(/\s+/)[0];
        const text = t.text.replace(/\n$/, '');
        out.push({
          type: 'codeBlock',
          ...(language ? { attrs: { language } } : {}),
          content: text ? [{ type: 'text', text }] : [],
        });
        break;
      }
      case 'blockquote': {
        const content = blocks(t.tokens, ctx);
        out.push({ type: 'blockquote', content: content.length ? content : [{ type: 'paragraph' }] });
        break;
      }
      case 'list': {
        const start = typeof t.start === 'number' && t.start !== 1 ? t.start : undefined;
        out.push({
          type: t.ordered ? 'orderedList' : 'bulletList',
          ...(t.ordered && start !== undefined ? { attrs: { start } } : {}),
          content: (t.items as Tokens.ListItem[]).map((item) => listItem(item, ctx)),
        });
        break;
      }
      case 'table': {
        const table = t as Tokens.Table;
        const width = Math.max(table.header.length, ...table.rows.map((r) => r.length));
        const row = (cells: Tokens.TableCell[], type: string): DocNode => ({
          type: 'tableRow',
          content: Array.from({ length: width }, (_, i) =>
            cell(type, cells[i] ?? { text: '', tokens: [], header: false, align: null }, ctx),
          ),
        });
        out.push({
          type: 'table',
          content: [row(table.header, 'tableHeader'), ...table.rows.map((r) => row(r, 'tableCell'))],
        });
        break;
      }
      case 'hr':
        out.push({ type: 'horizontalRule' });
        break;
      case 'html': {
        // Raw HTML is no content of ours: it stays as the text it was written as (shown, never run).
        const text = soft(t.text.trim());
        if (text) out.push({ type: 'paragraph', content: [{ type: 'text', text }] });
        break;
      }
      default:
        if ('tokens' in t && t.tokens?.length) out.push(...blocks(t.tokens, ctx));
        else if (t.raw?.trim())
          out.push({ type: 'paragraph', content: [{ type: 'text', text: soft(t.raw.trim()) }] });
    }
  }
  return out;
}

export type { Token, Tokens } from 'marked';

/** The Markdown's block tokens (CommonMark + GFM), for readers that keep its structure, not a lesson. */
export const lexMarkdown = (markdown: string): Token[] =>
  new Lexer({ gfm: true }).lex(markdown.replace(/\r\n?/g, '\n'));
const lex = lexMarkdown;

/** Inline tokens as the text they show: `**粗**` is 粗, a link its words, a picture its description. */
export function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((t) =>
      'tokens' in t && t.tokens?.length
        ? plainText(t.tokens)
        : t.type === 'br'
          ? ' '
          : 'text' in t && typeof t.text === 'string'
            ? decode(t.text)
            : '',
    )
    .join('');
}

/** Markdown as a lesson document, through the content whitelist; nothing readable becomes one paragraph. */
export function markdownToDoc(markdown: string, options: MarkdownOptions = {}): DocNode {
  const ctx: Ctx = {
    keepImage: options.keepImage ?? (() => false),
    headingOffset: options.headingOffset ?? 0,
  };
  return joinTexts(sanitizeDoc({ type: 'doc', content: blocks(lex(markdown), ctx) }));
}

/**
 * Neighbouring texts with the same marks as one (as ProseMirror holds them, and a saved copy is stored):
 * a refused link's text joins the text around it.
 */
function joinTexts(node: DocNode): DocNode {
  if (!node.content) return node;
  const content: DocNode[] = [];
  for (const child of node.content.map(joinTexts)) {
    const prev = content.at(-1);
    if (prev?.type === 'text' && child.type === 'text' && sameMarks(prev.marks, child.marks))
      content[content.length - 1] = { ...prev, text: prev.text! + child.text! };
    else content.push(child);
  }
  return { ...node, content };
}
const sameMarks = (a: DocNode['marks'], b: DocNode['marks']) =>
  JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** The sources of the pictures the Markdown shows, in order. */
export function markdownImages(markdown: string): string[] {
  const found: string[] = [];
  const walk = (tokens: Token[] | undefined) => {
    for (const t of tokens ?? []) {
      if (t.type === 'image') found.push(t.href);
      if ('tokens' in t) walk(t.tokens);
      if (t.type === 'list') (t.items as Tokens.ListItem[]).forEach((item) => walk(item.tokens));
      if (t.type === 'table') [t.header, ...t.rows].flat().forEach((c: Tokens.TableCell) => walk(c.tokens));
    }
  };
  walk(lex(markdown));
  return found;
}

/** The Markdown split at its headings (any level): each heading's text and the Markdown under it. */
export function markdownSections(markdown: string): { heading: string; depth: number; body: string }[] {
  const out: { heading: string; depth: number; body: string }[] = [];
  for (const t of lex(markdown)) {
    if (t.type === 'heading') out.push({ heading: t.text.trim(), depth: t.depth, body: '' });
    else if (out.length) out.at(-1)!.body += t.raw;
  }
  return out.map((s) => ({ ...s, body: s.body.trim() }));
}
