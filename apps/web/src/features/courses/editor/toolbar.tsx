import {
  BoldOutlined,
  CheckSquareOutlined,
  CodeOutlined,
  ItalicOutlined,
  LineOutlined,
  LinkOutlined,
  OrderedListOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { useEditorState, type Editor } from '@tiptap/react';
import { ConfigProvider, Divider, Select } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AssistMenu } from './assist-menu.tsx';
import { ImageButton } from './image-button.tsx';
import { LinkDialog, VideoDialog } from './insert-dialogs.tsx';
import { MediaButton } from './media/media-button.tsx';
import { CalloutMenu, TableMenu } from './insert-menus.tsx';
import { CODE_LANGUAGES } from './editor-extensions.ts';
import { Glyph, ToolButton } from './tool-button.tsx';
import type { AiAssist } from './use-ai-assist.ts';
import { selectWidthFor } from './select-width.ts';
import { SHORTCUTS } from './shortcuts/shortcut-label.ts';
import { lendSlashAction } from './slash-menu/slash-actions.ts';

const LEVELS = [1, 2, 3, 4] as const;
type Level = (typeof LEVELS)[number];

const Sep = () => <Divider orientation="vertical" style={{ marginInline: 2 }} />;

/**
 * The formatting toolbar. Its pressed states follow the selection through useEditorState. While the
 * AI assist writes, only its stop button works: the document must not change under the stream.
 * `disabled`: shown, greyed, until the text takes typing (LessonEditor).
 */
export const Toolbar = ({
  editor,
  assist,
  disabled = false,
}: {
  editor: Editor;
  assist: AiAssist;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'link' | 'video' | null>(null);
  // The slash menu's 插入视频 opens this same dialog.
  useEffect(() => lendSlashAction(editor, 'video', () => setDialog('video')), [editor]);
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      level: (LEVELS.find((level) => e.isActive('heading', { level })) ?? 0) as Level | 0,
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      codeBlock: e.isActive('codeBlock'),
      language: (e.getAttributes('codeBlock').language as string | null | undefined) ?? '',
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = () => editor.chain().focus();
  // antd's Select gives focus back to itself in a timeout queued when an option is pressed (rc-select),
  // which swallowed the next keystrokes. The pick moves focus to the text at once, and a steal by that
  // timeout is sent straight back: timers of equal delay run in order, so it comes before ours clears
  // the flag. Nothing waits on a timer, so a fast typist's first keys land in the text too.
  const returningFocus = useRef(false);
  const setLevel = (level: Level | 0) => {
    if (level) editor.chain().setHeading({ level }).run();
    else editor.chain().setParagraph().run();
    // view.focus() now, not Tiptap's focus command, which waits for the next animation frame.
    editor.view.focus();
    returningFocus.current = true;
    setTimeout(() => {
      returningFocus.current = false;
    }, 0);
  };
  const keepFocusInText = () => {
    if (returningFocus.current && !editor.isDestroyed) editor.view.focus();
  };

  const styleOptions = [
    { value: 0, label: t('editor.toolbar.paragraph') },
    ...LEVELS.map((level) => ({ value: level, label: t('editor.toolbar.heading', { level }) })),
  ];

  const bar = (
    <div
      className="editor-toolbar"
      role="toolbar"
      aria-label={t('editor.toolbar.label')}
      aria-disabled={disabled || undefined}
      inert={disabled}
    >
      {/* Listened for here, not on the Select: rc-select holds its own onFocus back for 10 ms after a
          blur, so it would miss that steal. */}
      <div className="editor-toolbar-tools" inert={assist.running !== null} onFocus={keepFocusInText}>
        <Select
          size="small"
          aria-label={t('editor.toolbar.textStyle')}
          value={s.level}
          onChange={setLevel}
          style={{ width: selectWidthFor(styleOptions.map((o) => o.label)) }}
          popupMatchSelectWidth={false}
          options={styleOptions}
        />
        <Sep />
        <ToolButton
          label={t('editor.toolbar.bold')}
          shortcut={SHORTCUTS.bold}
          icon={<BoldOutlined />}
          active={s.bold}
          onClick={() => run().toggleBold().run()}
        />
        <ToolButton
          label={t('editor.toolbar.italic')}
          shortcut={SHORTCUTS.italic}
          icon={<ItalicOutlined />}
          active={s.italic}
          onClick={() => run().toggleItalic().run()}
        />
        <ToolButton
          label={t('editor.toolbar.underline')}
          shortcut={SHORTCUTS.underline}
          icon={<UnderlineOutlined />}
          active={s.underline}
          onClick={() => run().toggleUnderline().run()}
        />
        <ToolButton
          label={t('editor.toolbar.strike')}
          shortcut={SHORTCUTS.strike}
          icon={<StrikethroughOutlined />}
          active={s.strike}
          onClick={() => run().toggleStrike().run()}
        />
        <ToolButton
          label={t('editor.toolbar.code')}
          shortcut={SHORTCUTS.code}
          icon={<CodeOutlined />}
          active={s.code}
          onClick={() => run().toggleCode().run()}
        />
        <ToolButton
          label={t('editor.toolbar.link')}
          icon={<LinkOutlined />}
          active={s.link}
          onClick={() => setDialog('link')}
        />
        <Sep />
        <ToolButton
          label={t('editor.toolbar.bulletList')}
          shortcut={SHORTCUTS.bulletList}
          icon={<UnorderedListOutlined />}
          active={s.bulletList}
          onClick={() => run().toggleBulletList().run()}
        />
        <ToolButton
          label={t('editor.toolbar.orderedList')}
          shortcut={SHORTCUTS.orderedList}
          icon={<OrderedListOutlined />}
          active={s.orderedList}
          onClick={() => run().toggleOrderedList().run()}
        />
        <ToolButton
          label={t('editor.toolbar.blockquote')}
          shortcut={SHORTCUTS.blockquote}
          icon={<Glyph>“ ”</Glyph>}
          active={s.blockquote}
          onClick={() => run().toggleBlockquote().run()}
        />
        <ToolButton
          label={t('editor.toolbar.codeBlock')}
          shortcut={SHORTCUTS.codeBlock}
          icon={<Glyph>{'{ }'}</Glyph>}
          active={s.codeBlock}
          onClick={() => run().toggleCodeBlock().run()}
        />
        {s.codeBlock && (
          // A native select: nothing of antd's focus handling between the pick and the text.
          <select
            className="code-language-select"
            aria-label={t('editor.toolbar.codeLanguage')}
            value={s.language}
            onChange={(e) => {
              editor
                .chain()
                .updateAttributes('codeBlock', { language: e.target.value || null })
                .run();
              editor.view.focus();
            }}
          >
            <option value="">{t('editor.toolbar.codePlain')}</option>
            {CODE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        )}
        <ToolButton
          label={t('editor.toolbar.horizontalRule')}
          icon={<LineOutlined />}
          onClick={() => run().setHorizontalRule().run()}
        />
        <Sep />
        <ImageButton editor={editor} />
        <ToolButton
          label={t('editor.toolbar.video')}
          icon={<VideoCameraOutlined />}
          onClick={() => setDialog('video')}
        />
        <MediaButton editor={editor} />
        <TableMenu editor={editor} />
        <CalloutMenu editor={editor} />
        <ToolButton
          label={t('editor.toolbar.quiz')}
          icon={<CheckSquareOutlined />}
          // Not through focus(): the new card's question takes the focus, the editor must not take it back.
          onClick={() => editor.chain().insertQuiz().run()}
        />
        <Sep />
        <ToolButton
          label={t('editor.toolbar.undo')}
          shortcut={SHORTCUTS.undo}
          icon={<UndoOutlined />}
          disabled={!s.canUndo}
          onClick={() => run().undo().run()}
        />
        <ToolButton
          label={t('editor.toolbar.redo')}
          shortcut={SHORTCUTS.redo}
          icon={<RedoOutlined />}
          disabled={!s.canRedo}
          onClick={() => run().redo().run()}
        />
        <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
        <VideoDialog editor={editor} open={dialog === 'video'} onClose={() => setDialog(null)} />
      </div>
      <Sep />
      <AssistMenu assist={assist} />
    </div>
  );
  return <ConfigProvider componentDisabled={disabled}>{bar}</ConfigProvider>;
};
