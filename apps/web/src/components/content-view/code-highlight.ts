import { common, createLowlight } from 'lowlight';

/**
 * The one code highlighter (lowlight: highlight.js's grammars, returning a tree, not HTML): the
 * editor's code blocks and the readers' use the same instance and the same choice of grammar, so a
 * block is coloured alike in both. Its own chunk: only the editor and a lesson with code load it.
 */
const grammars = createLowlight(common);

/**
 * What the editor's code block (CodeBlockLowlight) is given: lowlight, except that a block without a
 * language is not guessed at but left plain. highlight.js's guess is poor on lesson-sized snippets (a
 * short Python function came out as CSS, a SQL query as bash), and wrong colours read worse than none.
 */
export const lowlight: typeof grammars = {
  ...grammars,
  highlightAuto: (value) => ({
    type: 'root',
    children: [{ type: 'text', value }],
    data: { language: undefined, relevance: 0 },
  }),
};

type Tree = ReturnType<typeof lowlight.highlight>;
type TreeNode = Tree['children'][number];

const escapeText = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** lowlight's tree as HTML: text escaped, spans with highlight.js class names, nothing else. */
const toHtml = (nodes: readonly TreeNode[]): string =>
  nodes
    .map((node) => {
      if (node.type === 'text') return escapeText(node.value);
      if (node.type !== 'element') return '';
      const className = node.properties.className;
      const classes = Array.isArray(className) ? className.join(' ') : '';
      return `<span class="${escapeText(classes)}">${toHtml(node.children)}</span>`;
    })
    .join('');

/**
 * A code block's text as highlighted HTML, in the language the author chose; plain (escaped) when
 * there is none or lowlight does not know it, as in the editor.
 */
export const highlightCode = (code: string, language: unknown): string =>
  typeof language === 'string' && lowlight.registered(language)
    ? toHtml(lowlight.highlight(language, code).children)
    : escapeText(code);

export type HighlightCode = typeof highlightCode;
