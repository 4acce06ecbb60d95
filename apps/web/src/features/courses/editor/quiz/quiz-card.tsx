import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import type { QuizKind } from '@studio/contract';
import { QUIZ_KINDS, QUIZ_LIMITS, quizAttrsOf } from '@studio/contract/constants';
import { NodeViewWrapper, type NodeViewProps } from '@tiptap/react';
import { claimInsertFocus } from '../../../../components/content-view/quiz-node.ts';
import { Button, Flex, Input, Segmented, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BlankAnswers, ChoiceAnswers, TrueFalseAnswer, type AnswerProps } from './quiz-answers.tsx';
import {
  hasOptions,
  quizProblems,
  setExplanation,
  setQuestion,
  withKind,
  type KindStash,
  type QuizEdit,
} from './quiz-edits.ts';
import { useDraftText } from './use-draft-text.ts';
import { useEditable } from './use-editable.ts';

/** Marks the part of the card whose events are the card's own (see quiz-editing.ts). */
export const FIELDS_ATTR = 'data-quiz-fields';
const fields = { [FIELDS_ATTR]: '' };

/**
 * The quiz block in the editor: a card to write the question, its options or answers, the key and
 * an explanation. Every change is one editor transaction (updateAttributes), so undo and autosave
 * treat it like typing; what is still missing shows as hints and never stops a save.
 */
export const QuizCard = ({ node, editor, getPos, updateAttributes, deleteNode }: NodeViewProps) => {
  const { t } = useTranslation();
  const quiz = quizAttrsOf({ type: 'quiz', attrs: node.attrs });
  const editable = useEditable(editor);
  const stash = useRef<KindStash | undefined>(undefined);
  const questionRef = useRef<TextAreaRef>(null);

  // Worked out on the node as it is now (a second event can come before this card re-renders), and
  // only real changes are written: a field that reports its value twice is not two edits.
  const apply = (edit: QuizEdit) => {
    const pos = getPos();
    const live = typeof pos === 'number' ? editor.state.doc.nodeAt(pos) : null;
    if (!editor.isEditable || live?.type.name !== 'quiz') return;
    const patch = edit(quizAttrsOf({ type: 'quiz', attrs: live.attrs }));
    const changes = Object.entries(patch).some(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(live.attrs[name]),
    );
    if (changes) updateAttributes(patch);
  };
  const changeKind = (kind: QuizKind) =>
    apply((now) => {
      // Options put aside by 判断题 or 填空题 come back when the question is a choice again.
      if (hasOptions(now.kind)) stash.current = { options: now.options, correct: now.correct };
      return withKind(now, kind, stash.current);
    });
  const question = useDraftText(quiz.question, (text) => apply(() => setQuestion(text)));
  const explanation = useDraftText(quiz.explanation, (text) => apply(() => setExplanation(text)));

  // A quiz just inserted from the toolbar starts with its question.
  useEffect(() => {
    if (claimInsertFocus(editor, quiz.id)) questionRef.current?.focus();
  }, [editor, quiz.id]);

  const answerProps: AnswerProps = { quiz, disabled: !editable, apply };
  const problems = quizProblems(quiz);
  return (
    <NodeViewWrapper
      className="quiz-editor"
      contentEditable={false}
      role="group"
      aria-label={t('editor.quiz.label')}
    >
      <Flex align="center" gap={8} wrap className="quiz-editor-head">
        <span className="quiz-editor-grip" data-drag-handle="" title={t('editor.quiz.drag')}>
          <HolderOutlined />
          <span className="quiz-editor-title">{t('editor.quiz.label')}</span>
        </span>
        <Flex align="center" gap={8} flex="auto" {...fields}>
          <Segmented<QuizKind>
            size="small"
            aria-label={t('editor.quiz.kind')}
            disabled={!editable}
            value={quiz.kind}
            onChange={changeKind}
            options={QUIZ_KINDS.map((kind) => ({ value: kind, label: t(`editor.quiz.kinds.${kind}`) }))}
          />
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={!editable}
            aria-label={t('editor.quiz.remove')}
            title={t('editor.quiz.remove')}
            onClick={() => deleteNode()}
            style={{ marginInlineStart: 'auto' }}
          />
        </Flex>
      </Flex>
      <Flex vertical gap={10} className="quiz-editor-body" {...fields}>
        <Input.TextArea
          {...question}
          ref={questionRef}
          autoSize={{ minRows: 1, maxRows: 6 }}
          disabled={!editable}
          maxLength={QUIZ_LIMITS.questionMax}
          placeholder={t('editor.quiz.questionPlaceholder')}
          aria-label={t('editor.quiz.question')}
        />
        {quiz.kind === 'truefalse' ? (
          <TrueFalseAnswer {...answerProps} />
        ) : quiz.kind === 'blank' ? (
          <BlankAnswers {...answerProps} />
        ) : (
          <ChoiceAnswers {...answerProps} />
        )}
        <Input.TextArea
          {...explanation}
          autoSize={{ minRows: 1, maxRows: 6 }}
          disabled={!editable}
          maxLength={QUIZ_LIMITS.explanationMax}
          placeholder={t('editor.quiz.explanationPlaceholder')}
          aria-label={t('editor.quiz.explanation')}
        />
        {editable && problems.length > 0 && (
          <Flex gap={12} wrap className="quiz-editor-problems">
            {problems.map((problem) => (
              <Typography.Text key={problem} type="warning">
                {t(`editor.quiz.problems.${problem}`)}
              </Typography.Text>
            ))}
          </Flex>
        )}
      </Flex>
    </NodeViewWrapper>
  );
};
