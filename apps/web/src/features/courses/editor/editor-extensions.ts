import type { Extensions } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { contentExtensions } from '../../../components/content-view/content-extensions.ts';
import { AssistHighlight } from './assist-highlight.ts';
import { QuizEditing } from './quiz/quiz-editing.ts';

/** The shared content schema plus what only editing needs (the quiz's card). */
export const editorExtensions = (placeholder: string): Extensions => [
  ...contentExtensions().map((extension) => (extension.name === QuizEditing.name ? QuizEditing : extension)),
  Placeholder.configure({ placeholder }),
  AssistHighlight,
];
