import type { Extensions } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { contentExtensions } from '../../../components/content-view/content-extensions.ts';
import { AssistHighlight } from './assist-highlight.ts';

/** The shared content schema plus what only editing needs. */
export const editorExtensions = (placeholder: string): Extensions => [
  ...contentExtensions(),
  Placeholder.configure({ placeholder }),
  AssistHighlight,
];
