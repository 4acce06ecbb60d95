import { RedoOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { aiErrorText } from '../../lib/error-text.ts';
import { LessonStatusTag } from './ai-bits.tsx';
import type { LessonView } from './job-state.ts';

/** The text of a lesson as it is written; it keeps the newest line in view while it grows. */
const LiveText = ({
  lesson,
  live,
  translation,
}: {
  lesson: LessonView;
  live: boolean;
  translation: boolean;
}) => {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el && live) el.scrollTop = el.scrollHeight;
  }, [lesson.text, live]);
  return (
    <div
      ref={box}
      role="log"
      aria-live="off"
      aria-busy={live}
      aria-label={t(translation ? 'ai.translating.liveText' : 'ai.progress.liveText', { n: lesson.idx + 1 })}
      className={live ? 'ai-live-text ai-live-text-running' : 'ai-live-text'}
    >
      {lesson.text}
      {live && <span className="ai-caret" aria-hidden />}
    </div>
  );
};

interface RowProps {
  lesson: LessonView;
  /** A translation job's lesson: its text is the translation. */
  translation: boolean;
  canRetry: boolean;
  onRetry: (idx: number) => Promise<void>;
}

const LessonRow = ({ lesson, translation, canRetry, onRetry }: RowProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const n = lesson.idx + 1;
  const running = lesson.status === 'running';
  const showText = running || (open && lesson.text.length > 0);

  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry(lesson.idx);
    } finally {
      setRetrying(false);
    }
  };

  return (
    <li className={`ai-lesson ai-lesson-${lesson.status}`}>
      <Flex gap={8} align="center" wrap>
        <span className="ai-lesson-n">{t('ai.progress.lessonN', { n })}</span>
        <Typography.Text strong className="ai-lesson-title">
          {lesson.title}
        </Typography.Text>
        <LessonStatusTag status={lesson.status} />
        <Flex gap={8} style={{ marginInlineStart: 'auto' }}>
          {lesson.status === 'done' && lesson.text && (
            <Button size="small" type="link" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
              {open ? t('ai.progress.hideText') : t('ai.progress.showText')}
            </Button>
          )}
          {lesson.status === 'failed' && canRetry && (
            <Button
              size="small"
              icon={<RedoOutlined />}
              loading={retrying}
              aria-label={t('ai.progress.retryLesson', { n })}
              onClick={() => void retry()}
            >
              {t('ai.progress.retry')}
            </Button>
          )}
        </Flex>
      </Flex>
      {lesson.error && lesson.status === 'failed' && (
        <Typography.Text type="danger" role="alert" className="ai-lesson-error">
          {aiErrorText(lesson.error)}
        </Typography.Text>
      )}
      {showText && <LiveText lesson={lesson} live={running} translation={translation} />}
    </li>
  );
};

/** Every lesson of a job being written: status, errors with a retry, and the text as it streams. */
export const LessonList = ({
  lessons,
  translation,
  canRetry,
  onRetry,
}: Omit<RowProps, 'lesson'> & { lessons: LessonView[] }) => {
  const { t } = useTranslation();
  return (
    <Card title={<h2 className="ai-card-title">{t('ai.progress.lessons')}</h2>}>
      <ol className="ai-lessons">
        {lessons.map((lesson) => (
          <LessonRow
            key={lesson.idx}
            lesson={lesson}
            translation={translation}
            canRetry={canRetry}
            onRetry={onRetry}
          />
        ))}
      </ol>
    </Card>
  );
};
