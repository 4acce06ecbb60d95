import type { DocNode } from '@studio/contract';
import DOMPurify from 'dompurify';
import { docText, filterDoc, LINK_REL, safeUrl } from './doc-filter.ts';
import type { HighlightCode } from './code-highlight.ts';
import { mediaSpec } from './media-html.ts';
import { quizSpec, type HtmlSpec, type QuizWords } from './quiz-html.ts';
import { isEmbedSrc, toEmbedUrl } from './video-embed.ts';

let hooked = false;
/** DOMPurify hooks, installed once: only known video players may be framed; links open safely. */
const installHooks = (): void => {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'iframe' && node instanceof Element && !isEmbedSrc(node.getAttribute('src'))) {
      node.parentNode?.removeChild(node);
    }
  });
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', LINK_REL);
    }
    if (node.tagName === 'IFRAME') {
      node.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation allow-popups');
      node.setAttribute('referrerpolicy', 'no-referrer');
    }
  });
};

const PURIFY_CONFIG = {
  ADD_TAGS: ['iframe'],
  ADD_ATTR: ['allow', 'target', 'loading', 'referrerpolicy', 'sandbox'],
  FORBID_ATTR: ['style'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
};

/**
 * Safe for dangerouslySetInnerHTML: DOMPurify with the iframe allowlist and link rules above. On the
 * server (public pages rendered for visitors) there is no DOM for DOMPurify: there the first two layers
 * stand alone (the whitelist with its URL checks, and a renderer that escapes every value it writes).
 */
export const purifyHtml = (html: string, { mediaButtons = false } = {}): string => {
  if (typeof DOMPurify.sanitize !== 'function') return html;
  installHooks();
  return DOMPurify.sanitize(html, mediaButtons ? MEDIA_BUTTONS_CONFIG : PURIFY_CONFIG);
};

/** The public pages' media blocks hold a play button (renderMedia): a button, and nothing else, allowed. */
const MEDIA_BUTTONS_CONFIG = {
  ...PURIFY_CONFIG,
  FORBID_TAGS: PURIFY_CONFIG.FORBID_TAGS.filter((tag) => tag !== 'button'),
};

const escapeText = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---------------------------------------------------------------------------------------------------
// The shared content schema (content-extensions.ts) written out: the HTML each node and mark renders
// to, exactly as Tiptap's renderHTML of that schema (render-html.test.ts compares the two on every node
// and mark), without loading Tiptap and ProseMirror (about 150 KB gzipped) into the pages that only
// show lessons: the share page, the previews, the store.
// ---------------------------------------------------------------------------------------------------

type Attrs = Record<string, unknown>;
type Html = [tag: string, attrs: Attrs];
type Mark = NonNullable<DocNode['marks']>[number];

const attr = (node: DocNode, name: string): unknown => node.attrs?.[name];
/** Table cells leave out a span of 1, as Tiptap does. */
const spanAttrs = (node: DocNode): Attrs => {
  const colspan = attr(node, 'colspan');
  const rowspan = attr(node, 'rowspan');
  return {
    colspan: colspan === 1 ? undefined : colspan,
    rowspan: rowspan === 1 ? undefined : rowspan,
  };
};

/** The elements of each node with content; the content goes inside the last one. */
const NODE_HTML: Record<string, (node: DocNode) => Html[]> = {
  doc: () => [],
  paragraph: () => [['p', {}]],
  heading: (node) => {
    const level = attr(node, 'level');
    return [[`h${typeof level === 'number' && level >= 1 && level <= 4 ? level : 1}`, {}]];
  },
  blockquote: () => [['blockquote', {}]],
  bulletList: () => [['ul', {}]],
  orderedList: (node) => {
    const start = attr(node, 'start');
    return [['ol', { start: start === 1 ? undefined : start }]];
  },
  listItem: () => [['li', {}]],
  codeBlock: (node) => {
    const language = attr(node, 'language');
    return [
      ['pre', {}],
      ['code', { class: language ? `language-${String(language)}` : undefined }],
    ];
  },
  tableRow: () => [['tr', {}]],
  tableHeader: (node) => [['th', spanAttrs(node)]],
  tableCell: (node) => [['td', spanAttrs(node)]],
  callout: (node) => {
    const tone = attr(node, 'tone');
    const dataTone = typeof tone === 'string' ? tone : 'info';
    return [['div', { 'data-tone': dataTone, 'data-callout': '', class: 'callout' }]];
  },
};

/** Marks nest in the schema's order (link outermost); text with equal marks shares the elements. */
const MARK_ORDER = ['link', 'bold', 'code', 'italic', 'strike', 'underline'];
const MARK_TAG: Record<string, string> = {
  bold: 'strong',
  code: 'code',
  italic: 'em',
  strike: 's',
  underline: 'u',
};
const markKey = (mark: Mark): string =>
  mark.type === 'link' ? `link ${String(mark.attrs?.href)}` : mark.type;
const markHtml = (mark: Mark): Html =>
  mark.type === 'link'
    ? ['a', { target: '_blank', rel: LINK_REL, href: mark.attrs?.href }]
    : [MARK_TAG[mark.type] ?? 'span', {}];
const sortedMarks = (node: DocNode): Mark[] =>
  (node.marks ?? [])
    .filter((m) => MARK_ORDER.includes(m.type))
    .sort((a, b) => MARK_ORDER.indexOf(a.type) - MARK_ORDER.indexOf(b.type));

const open = ([tag, attrs]: Html): string => {
  let out = `<${tag}`;
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) out += ` ${name}="${escapeText(String(value))}"`;
  }
  return `${out}>`;
};
const close = ([tag]: Html): string => `</${tag}>`;

/** A node's children, marks opened and closed as ProseMirror's DOMSerializer does. */
function renderFragment(children: DocNode[] | undefined): string {
  let out = '';
  const active: { key: string; html: Html }[] = [];
  for (const child of children ?? []) {
    const marks = sortedMarks(child);
    let keep = 0;
    while (keep < active.length && keep < marks.length && active[keep]!.key === markKey(marks[keep]!)) keep++;
    while (active.length > keep) out += close(active.pop()!.html);
    for (const mark of marks.slice(keep)) {
      const html = markHtml(mark);
      out += open(html);
      active.push({ key: markKey(mark), html });
    }
    out += renderNode(child);
  }
  while (active.length) out += close(active.pop()!.html);
  return out;
}

/** Columns come from the first row; their widths are inline styles, which the sanitizer removes. */
const renderTable = (node: DocNode): string => {
  const columns = (node.content?.[0]?.content ?? []).reduce((sum, cell) => {
    const colspan = attr(cell, 'colspan');
    const isCell = cell.type === 'tableCell' || cell.type === 'tableHeader';
    return sum + (typeof colspan === 'number' ? colspan : isCell ? 1 : 0);
  }, 0);
  return `<table><colgroup>${'<col>'.repeat(columns)}</colgroup><tbody>${renderFragment(node.content)}</tbody></table>`;
};

const renderVideo = (node: DocNode): string => {
  const src = safeUrl(attr(node, 'src')) ?? '';
  const embed = toEmbedUrl(src);
  const wrapper = open(['div', { 'data-video-embed': '', 'data-src': src, class: 'video-embed' }]);
  const inner = embed
    ? `${open([
        'iframe',
        {
          src: embed,
          title: src,
          allow: 'fullscreen; picture-in-picture',
          loading: 'lazy',
          referrerpolicy: 'no-referrer',
        },
      ])}</iframe>`
    : `${open(['a', { href: src, target: '_blank', rel: LINK_REL }])}${escapeText(src)}</a>`;
  return `${wrapper}${inner}</div>`;
};

/** A node described as a DOM output spec (the quiz, shared with the schema). */
const renderSpec = (spec: HtmlSpec): string => {
  if (typeof spec === 'string') return escapeText(spec);
  const [tag, attrs, ...children] = spec;
  return `${open([tag, attrs])}${children.map(renderSpec).join('')}${close([tag, attrs])}`;
};

/** The options of the render under way (rendering is synchronous): see renderDocHtml. */
let quizWords: QuizWords | undefined;
let highlight: HighlightCode | undefined;
let mediaPlayLabel: MediaPlayLabel | undefined;

/** The label of a media block's play button (`播放视频：title`), for pages without the app. */
export type MediaPlayLabel = (kind: 'video' | 'audio', title: string) => string;

/**
 * A media block: the schema's placeholder; with `mediaPlayLabel` (the server's public pages) a play
 * button in it, which the page's script answers by loading the player (public-client.ts).
 */
const renderMedia = (node: DocNode): string => {
  const spec = mediaSpec(node);
  if (!mediaPlayLabel || typeof spec === 'string') return renderSpec(spec);
  const [tag, attrs, title = ''] = spec;
  const text = typeof title === 'string' ? title : '';
  const kind = attrs['data-kind'] === 'audio' ? 'audio' : 'video';
  const button = `${open(['button', { type: 'button', class: 'media-block-play', 'data-media-play': '', 'aria-label': mediaPlayLabel(kind, text) }])}<span class="media-block-icon" aria-hidden="true"></span><span class="media-block-title">${escapeText(text)}</span></button>`;
  return `${open([tag, attrs])}${button}</${tag}>`;
};

/** A code block: its text highlighted when a highlighter is at hand, else as the schema writes it. */
const renderCodeBlock = (node: DocNode): string => {
  if (!highlight) return renderElement(node);
  const language = attr(node, 'language');
  const [pre, codeTag] = NODE_HTML.codeBlock!(node) as [Html, Html];
  return `${open(pre)}${open(codeTag)}${highlight(docText(node), language)}</code></pre>`;
};

/** Nodes without content (anything inside them is not rendered, as in ProseMirror). */
const LEAVES: Record<string, (node: DocNode) => string> = {
  text: (node) => escapeText(node.text ?? ''),
  hardBreak: () => '<br>',
  horizontalRule: () => '<hr>',
  image: (node) => {
    const img = open([
      'img',
      {
        src: attr(node, 'src'),
        alt: attr(node, 'alt'),
        title: attr(node, 'title'),
        width: attr(node, 'width'),
      },
    ]);
    const caption = attr(node, 'caption');
    return typeof caption === 'string' && caption
      ? `<figure data-image="" class="image-figure">${img}<figcaption>${escapeText(caption)}</figcaption></figure>`
      : img;
  },
  videoEmbed: renderVideo,
  media: renderMedia,
  table: renderTable,
  quiz: (node) => renderSpec(quizSpec(node, quizWords)),
  codeBlock: renderCodeBlock,
};

function renderNode(node: DocNode): string {
  const leaf = LEAVES[node.type];
  return leaf ? leaf(node) : renderElement(node);
}

function renderElement(node: DocNode): string {
  const html = NODE_HTML[node.type]?.(node);
  if (!html) throw new Error(`no HTML for node type ${node.type}`);
  return `${html.map(open).join('')}${renderFragment(node.content)}${[...html].reverse().map(close).join('')}`;
}

/**
 * Lesson content (Tiptap JSON) → safe HTML. Three layers: the whitelist filter (known types and
 * checked attributes only), the schema's HTML above, then DOMPurify. A node the schema has no HTML
 * for (the whitelist and the schema disagree) makes the lesson fall back to its plain text, escaped.
 */
export const renderDocHtml = (
  doc: DocNode | null | undefined,
  options: {
    /** The quiz's words (its kind, true and false); the app's language when unset. */
    words?: QuizWords;
    /** Colours code blocks (code-highlight.ts, loaded only where a lesson has code). */
    highlight?: HighlightCode;
    /** A play button in each media block (server-rendered pages; the app mounts its player instead). */
    mediaPlayLabel?: MediaPlayLabel;
  } = {},
): string => {
  const clean = filterDoc(doc);
  quizWords = options.words;
  highlight = options.highlight;
  mediaPlayLabel = options.mediaPlayLabel;
  try {
    return purifyHtml(renderNode(clean), { mediaButtons: !!options.mediaPlayLabel });
  } catch {
    const text = docText(clean);
    return text ? `<p>${escapeText(text).replace(/\n/g, '<br>')}</p>` : '';
  } finally {
    quizWords = undefined;
    highlight = undefined;
    mediaPlayLabel = undefined;
  }
};
