import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  MergeCellsOutlined,
  PlusOutlined,
  SplitCellsOutlined,
} from '@ant-design/icons';
import { AI_LIMITS, type Outline } from '@studio/contract';
import { App, Button, Card, Flex, Form, Input, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addLesson,
  canSplit,
  draftIssues,
  isDirty,
  mergeWithNext,
  moveLesson,
  removeLesson,
  splitLesson,
  toDraft,
  toOutline,
  updateLesson,
  type DraftLesson,
  type OutlineDraft,
} from './outline-draft.ts';

interface Props {
  outline: Outline;
  /** Saves the outline; resolves false when the server refused it. */
  onSave: (outline: Outline) => Promise<boolean>;
  onGenerate: () => Promise<void>;
  /** A write is off for now (a read-only team): shown, disabled. */
  disabled?: boolean;
  /** What the viewer may do with this job (the server's abilities): what they may not is not offered. */
  canEdit: boolean;
  canGenerate: boolean;
}

const IconButton = ({ label, ...rest }: { label: string } & Parameters<typeof Button>[0]) => (
  <Tooltip title={label}>
    <Button aria-label={label} {...rest} />
  </Tooltip>
);

/** The outline review step: titles and goals, order, added and removed lessons; then generation. */
export const OutlineEditor = ({ outline, onSave, onGenerate, disabled, canEdit, canGenerate }: Props) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<OutlineDraft>(() => toDraft(outline));
  const [busy, setBusy] = useState<'save' | 'generate' | null>(null);
  const issues = draftIssues(draft);
  const dirty = isDirty(draft, outline);
  const count = draft.lessons.length;

  const setLessons = (update: (lessons: DraftLesson[]) => DraftLesson[]) =>
    setDraft((d) => ({ ...d, lessons: update(d.lessons) }));

  const save = async (): Promise<boolean> => {
    const ok = await onSave(toOutline(draft));
    if (ok) void message.success(t('ai.outline.saved'));
    return ok;
  };
  const run = async (what: 'save' | 'generate') => {
    setBusy(what);
    try {
      // Unsaved edits are saved first, so what is generated is what the author sees.
      if (what === 'save' || dirty) {
        if (!(await save())) return;
      }
      if (what === 'generate') await onGenerate();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card
      title={<h2 className="ai-card-title">{t('ai.outline.title')}</h2>}
      extra={dirty && <Tag color="gold">{t('ai.outline.unsaved')}</Tag>}
    >
      <Typography.Paragraph type="secondary">
        {canEdit ? t('ai.outline.desc') : t('ai.outline.notYours')}
      </Typography.Paragraph>
      <Form layout="vertical" component="div" disabled={!canEdit}>
        <Form.Item
          label={t('ai.outline.courseTitle')}
          htmlFor="ai-outline-title"
          validateStatus={issues.title ? 'error' : undefined}
          help={issues.title ? t('ai.validation.outlineTitle') : undefined}
        >
          <Input
            id="ai-outline-title"
            value={draft.title}
            maxLength={60}
            onChange={(e) => setDraft((d) => ({ ...d, title: e.target.value }))}
          />
        </Form.Item>
        <Form.Item
          label={t('ai.outline.summary')}
          htmlFor="ai-outline-summary"
          validateStatus={issues.summary ? 'error' : undefined}
          help={issues.summary ? t('ai.validation.outlineSummary') : undefined}
        >
          <Input.TextArea
            id="ai-outline-summary"
            value={draft.summary}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            onChange={(e) => setDraft((d) => ({ ...d, summary: e.target.value }))}
          />
        </Form.Item>
        <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
          <Typography.Text strong>{t('ai.progress.lessons')}</Typography.Text>
          <Typography.Text type="secondary">{t('ai.outline.count', { count })}</Typography.Text>
        </Flex>
        <ol className="ai-outline-list">
          {draft.lessons.map((lesson, i) => {
            const n = i + 1;
            const issue = issues.lessons[lesson.key];
            return (
              <li key={lesson.key} className="ai-outline-row">
                <span className="ai-outline-n" aria-hidden>
                  {n}
                </span>
                <Flex vertical gap={6} style={{ flex: 1, minWidth: 0 }}>
                  <Form.Item
                    validateStatus={issue?.title ? 'error' : undefined}
                    help={issue?.title ? t('ai.validation.lessonTitle') : undefined}
                    style={{ marginBottom: 0 }}
                  >
                    <Input
                      aria-label={t('ai.outline.lessonTitle', { n })}
                      value={lesson.title}
                      maxLength={60}
                      onChange={(e) => setLessons((ls) => updateLesson(ls, i, { title: e.target.value }))}
                    />
                  </Form.Item>
                  <Form.Item
                    validateStatus={issue?.goal ? 'error' : undefined}
                    help={issue?.goal ? t('ai.validation.lessonGoal') : undefined}
                    style={{ marginBottom: 0 }}
                  >
                    <Input
                      aria-label={t('ai.outline.lessonGoal', { n })}
                      placeholder={t('ai.outline.goalPlaceholder')}
                      value={lesson.goal}
                      maxLength={200}
                      variant="filled"
                      onChange={(e) => setLessons((ls) => updateLesson(ls, i, { goal: e.target.value }))}
                    />
                  </Form.Item>
                </Flex>
                <Flex gap={4} className="ai-outline-tools">
                  <IconButton
                    label={t('ai.outline.moveUp', { n })}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => setLessons((ls) => moveLesson(ls, i, i - 1))}
                  />
                  <IconButton
                    label={t('ai.outline.moveDown', { n })}
                    icon={<ArrowDownOutlined />}
                    disabled={i === count - 1}
                    onClick={() => setLessons((ls) => moveLesson(ls, i, i + 1))}
                  />
                  <IconButton
                    label={t('ai.outline.merge', { n, next: n + 1 })}
                    icon={<MergeCellsOutlined />}
                    disabled={i === count - 1}
                    onClick={() => setLessons((ls) => mergeWithNext(ls, i))}
                  />
                  {lesson.sources && (
                    <IconButton
                      label={t('ai.outline.split', { n })}
                      icon={<SplitCellsOutlined />}
                      disabled={!canSplit(draft.lessons, i)}
                      onClick={() =>
                        setLessons((ls) =>
                          splitLesson(ls, i, t('ai.outline.splitTitle', { title: lesson.title })),
                        )
                      }
                    />
                  )}
                  <IconButton
                    label={t('ai.outline.remove', { n })}
                    icon={<DeleteOutlined />}
                    danger
                    disabled={count <= AI_LIMITS.lessonsMin}
                    onClick={() => setLessons((ls) => removeLesson(ls, i))}
                  />
                </Flex>
              </li>
            );
          })}
        </ol>
        {canEdit && (
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            disabled={count >= AI_LIMITS.lessonsMax}
            onClick={() => setLessons((ls) => addLesson(ls, t('ai.outline.newLesson')))}
          >
            {t('ai.outline.add')}
          </Button>
        )}
      </Form>
      {(canEdit || canGenerate) && (
        <Flex gap={8} justify="flex-end" wrap style={{ marginTop: 16 }}>
          {canEdit && (
            <Button
              disabled={disabled || !dirty || issues.any}
              loading={busy === 'save'}
              onClick={() => void run('save')}
            >
              {t('ai.outline.save')}
            </Button>
          )}
          {canGenerate && (
            <Button
              type="primary"
              disabled={disabled || issues.any || busy === 'save'}
              loading={busy === 'generate'}
              onClick={() => void run('generate')}
            >
              {t('ai.outline.generate')}
            </Button>
          )}
        </Flex>
      )}
    </Card>
  );
};
