import type { Extensions } from '@tiptap/core';
import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';
import Collaboration from '@tiptap/extension-collaboration';
import { Placeholder } from '@tiptap/extensions';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { lowlight } from '../../../components/content-view/code-highlight.ts';
import { contentExtensions } from '../../../components/content-view/content-extensions.ts';
import { ImageEditing } from './image-editing.ts';
import { AssistHighlight } from './assist-highlight.ts';
import { MediaEditing } from './media/media-editing.ts';
import { QuizEditing } from './quiz/quiz-editing.ts';
import { CollabCaret } from './collab/collab-caret.ts';
import { CaretBeforeRemote, type BeforeRemote } from './collab/caret-before-remote.ts';
import { PastedImages, type ImageNotices } from './image-paste/pasted-images.ts';
import { SlashMenu } from './slash-menu/slash-menu.ts';

/** The languages a code block offers (highlight.js names, all in lowlight's common set). */
export const CODE_LANGUAGES = [
  'python',
  'javascript',
  'typescript',
  'java',
  'c',
  'cpp',
  'csharp',
  'go',
  'rust',
  'sql',
  'bash',
  'json',
  'xml',
  'css',
  'markdown',
] as const;

/** The shared schema's nodes that the editor edits in a view of their own (the same node and JSON). */
const EDITING = new Map<string, Extensions[number]>([
  [QuizEditing.name, QuizEditing],
  [ImageEditing.name, ImageEditing],
  [MediaEditing.name, MediaEditing],
]);

/**
 * The shared content schema plus what only editing needs (the quiz's card; the image's caption and
 * resize handle; the media block's upload and transcoding card; the code block with syntax highlighting, the same node and the readers' highlighter).
 */
export const editorExtensions = (placeholder: string, live?: LiveDoc, notices?: ImageNotices): Extensions => [
  ...contentExtensions({ codeBlock: false, undoRedo: !live }).map(
    (extension) => EDITING.get(extension.name) ?? extension,
  ),
  CodeBlockLowlight.configure({ lowlight, defaultLanguage: null }),
  Placeholder.configure({ placeholder }),
  AssistHighlight,
  // Pasted and dropped pictures are uploaded (image-paste/); the page says what went wrong.
  notices ? PastedImages.configure({ notices }) : PastedImages,
  // `/` opens a list of blocks to insert (slash-menu/).
  SlashMenu,
  ...(live
    ? [
        // The text lives in the Y.Doc's `default` fragment (the server derives the JSON from it).
        Collaboration.configure({ document: live.doc, field: 'default' }),
        CollabCaret.configure({ awareness: live.awareness }),
        CaretBeforeRemote.configure({ beforeRemote: live.beforeRemote ?? null }),
      ]
    : []),
];

/** The live document an editor is built on (see collab/use-collab.ts). */
export interface LiveDoc {
  doc: Y.Doc;
  awareness: Awareness;
  /** Fired before each server message is applied (the caret is read from the page first). */
  beforeRemote?: BeforeRemote;
}
