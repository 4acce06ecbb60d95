import type { Extensions } from '@tiptap/core';
import { CodeBlockLowlight } from '@tiptap/extension-code-block-lowlight';
import { Placeholder } from '@tiptap/extensions';
import { common, createLowlight } from 'lowlight';
import { contentExtensions } from '../../../components/content-view/content-extensions.ts';
import { AssistHighlight } from './assist-highlight.ts';
import { QuizEditing } from './quiz/quiz-editing.ts';

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

/**
 * The shared content schema plus what only editing needs (the quiz's card; the code block with
 * syntax highlighting, the same node: lowlight/highlight.js live in this lazy chunk only).
 */
export const editorExtensions = (placeholder: string): Extensions => [
  ...contentExtensions({ codeBlock: false }).map((extension) =>
    extension.name === QuizEditing.name ? QuizEditing : extension,
  ),
  CodeBlockLowlight.configure({ lowlight: createLowlight(common), defaultLanguage: null }),
  Placeholder.configure({ placeholder }),
  AssistHighlight,
];
