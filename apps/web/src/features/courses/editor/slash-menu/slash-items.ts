import type { Editor } from '@tiptap/core';
import type { TFunction } from 'i18next';
import { runSlashAction } from './slash-actions.ts';

/**
 * The blocks the slash menu inserts, each by the toolbar's own command. `terms` are what typing after
 * the slash finds besides the label shown: the Chinese and English names, so either finds a block
 * whatever the interface language.
 */
export interface SlashItem {
  key: string;
  /** The label shown, in the interface language (the toolbar's words). */
  label: (t: TFunction) => string;
  terms: string[];
  run: (editor: Editor) => void;
}

const chain = (editor: Editor) => editor.chain().focus();

export const SLASH_ITEMS: SlashItem[] = [
  ...([1, 2, 3] as const).map((level) => ({
    key: `heading${level}`,
    label: (t: TFunction) => t('editor.toolbar.heading', { level }),
    terms: [`h${level}`, 'heading', 'title', '标题', `标题${level}`, 'biaoti'],
    run: (editor: Editor) => chain(editor).setHeading({ level }).run(),
  })),
  {
    key: 'bulletList',
    label: (t) => t('editor.toolbar.bulletList'),
    terms: ['bullet list', 'list', 'ul', '无序列表', '列表', 'liebiao'],
    run: (editor) => chain(editor).toggleBulletList().run(),
  },
  {
    key: 'orderedList',
    label: (t) => t('editor.toolbar.orderedList'),
    terms: ['numbered list', 'ordered list', 'list', 'ol', '有序列表', '编号', '列表', 'liebiao'],
    run: (editor) => chain(editor).toggleOrderedList().run(),
  },
  {
    key: 'codeBlock',
    label: (t) => t('editor.toolbar.codeBlock'),
    terms: ['code block', 'code', '代码块', '代码', 'daima'],
    run: (editor) => chain(editor).toggleCodeBlock().run(),
  },
  {
    key: 'blockquote',
    label: (t) => t('editor.toolbar.blockquote'),
    terms: ['quote', 'blockquote', '引用', 'yinyong'],
    run: (editor) => chain(editor).toggleBlockquote().run(),
  },
  {
    key: 'image',
    label: (t) => t('editor.toolbar.image'),
    terms: ['image', 'picture', 'photo', 'img', '图片', '插入图片', 'tupian'],
    run: (editor) => runSlashAction(editor, 'image'),
  },
  {
    key: 'video',
    label: (t) => t('editor.toolbar.video'),
    terms: ['video', 'embed', '视频', '插入视频', 'shipin'],
    run: (editor) => runSlashAction(editor, 'video'),
  },
  {
    key: 'quiz',
    label: (t) => t('editor.toolbar.quiz'),
    terms: ['quiz', 'question', 'test', '测验', '题目', 'ceyan'],
    // Not through focus(): the new card's question takes the focus (as from the toolbar).
    run: (editor) => editor.chain().insertQuiz().run(),
  },
  {
    key: 'callout',
    label: (t) => t('editor.toolbar.callout'),
    terms: ['callout', 'note', 'tip', '提示框', '提示', 'tishi'],
    run: (editor) => chain(editor).toggleCallout({ tone: 'info' }).run(),
  },
  {
    key: 'table',
    label: (t) => t('editor.toolbar.table'),
    terms: ['table', '表格', 'biaoge'],
    run: (editor) => chain(editor).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
  },
  {
    key: 'horizontalRule',
    label: (t) => t('editor.toolbar.horizontalRule'),
    terms: ['divider', 'horizontal rule', 'hr', 'line', '分割线', 'fengexian'],
    run: (editor) => chain(editor).setHorizontalRule().run(),
  },
];

/** The items whose label (as shown) or one of whose terms holds the typed text, in menu order. */
export function filterSlashItems(query: string, labelOf: (item: SlashItem) => string): SlashItem[] {
  const q = query.trim().toLowerCase();
  if (!q) return SLASH_ITEMS;
  return SLASH_ITEMS.filter((item) =>
    [labelOf(item), ...item.terms].some((term) => term.toLowerCase().includes(q)),
  );
}
