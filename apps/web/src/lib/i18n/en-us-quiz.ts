import type { quizEditorZhCN } from './zh-cn-quiz.ts';

/** The lesson editor's quiz card in English. */
export const quizEditorEnUS: typeof quizEditorZhCN = {
  label: 'Quiz',
  kind: 'Question type',
  kinds: {
    single: 'Single choice',
    multiple: 'Multiple choice',
    truefalse: 'True or false',
    blank: 'Fill in the blank',
  },
  question: 'Question',
  questionPlaceholder: 'Type the question',
  option: 'Option {{n}}',
  addOption: 'Add option',
  removeOption: 'Remove option {{n}}',
  markSingle: 'Option {{n}} is the right answer',
  markMultiple: 'Option {{n}} is one of the right answers',
  markHelp: 'Mark the right answer',
  answer: 'Right answer',
  true: 'True',
  false: 'False',
  accepted: 'Right answers',
  acceptedPlaceholder: 'Type an answer and press Enter',
  acceptedHelp:
    'Add each way of writing it that counts as right; case and full-width or half-width do not matter',
  removeAccepted: 'Remove answer "{{answer}}"',
  explanation: 'Explanation',
  explanationPlaceholder: 'Shown to learners after they answer (optional)',
  remove: 'Delete quiz',
  drag: 'Drag to move the quiz',
  blankLine: '______',
  problems: {
    question: 'Type the question',
    options: 'At least two options',
    emptyOption: 'An option is empty',
    correct: 'Mark the right answer',
    accepted: 'Add at least one right answer',
  },
};
