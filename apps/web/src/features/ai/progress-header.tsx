import { FileTextOutlined, RedoOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Popconfirm, Progress, Steps, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { StepsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WebPaths } from '@studio/contract/constants';
import { aiErrorText } from '../../lib/error-text.ts';
import { GeneratorNotice, GeneratorTag, JobStatusTag, LinkButton } from './ai-bits.tsx';
import type { JobView } from './job-state.ts';
import { languageName } from './translate-dialog.tsx';
import type { Connection } from './use-ai-job.ts';

/** The progress page's words that a translation says its own way (`ai.translating.*`). */
type TranslationKey =
  | 'restart'
  | 'restartHint'
  | 'cancelConfirm'
  | 'cancelConfirmDesc'
  | 'doneTitle'
  | 'doneDesc'
  | 'failed'
  | 'failedDesc';

const CANCELLABLE = new Set<JobView['status']>(['outlining', 'outline_ready', 'generating']);

/**
 * Which of 生成大纲 → 确认大纲 → 生成课时 → 完成 the job is at, and whether it stopped there. A
 * translation has no outline: 逐节翻译 → 完成.
 */
export const stepOf = (
  view: Pick<JobView, 'status' | 'lessons' | 'outline'> & { kind?: JobView['kind'] },
): {
  current: number;
  status: StepsProps['status'];
} => {
  if (view.kind === 'translate') {
    if (view.status === 'done') return { current: 1, status: 'finish' };
    return { current: 0, status: view.status === 'generating' ? 'process' : 'error' };
  }
  switch (view.status) {
    case 'outlining':
      return { current: 0, status: 'process' };
    case 'outline_ready':
      return { current: 1, status: 'process' };
    case 'generating':
      return { current: 2, status: 'process' };
    case 'done':
      return { current: 3, status: 'finish' };
    default: {
      const current = view.lessons.length ? 2 : view.outline ? 1 : 0;
      return { current, status: 'error' };
    }
  }
};

/** What a cancelled job left: written lessons in its draft course, an empty course, or nothing. */
const cancelledText = (view: JobView, t: TFunction): string => {
  if (view.courseId === null) return t('ai.progress.cancelledNothing');
  const title = view.outline?.title ?? view.request.topic;
  const done = view.lessons.filter((l) => l.status === 'done').length;
  const rest = view.lessons.length - done;
  if (done === 0) return t('ai.progress.cancelledEmpty', { title });
  if (rest === 0) return t('ai.progress.cancelledAllWritten', { done, title });
  return t('ai.progress.cancelledWritten', { done, rest, title });
};

interface Props {
  view: JobView;
  connection: Connection;
  writable: boolean;
  onCancel: () => Promise<void>;
  /** 重新开始: a new job with this one's topic and outline (a cancelled or failed job). */
  onRestart: () => Promise<void>;
}

/**
 * Title, generator, steps, overall percent, the job's state in words, and cancel / open course. A
 * cancelled job says what it left (and links to it); a cancelled or failed one offers 重新开始.
 */
export const ProgressHeader = ({ view, connection, writable, onCancel, onRestart }: Props) => {
  const { t, i18n } = useTranslation();
  // A translation's own words where creation's would be wrong (its steps, done, cancel, restart).
  const translation = view.kind === 'translate';
  const say = (key: TranslationKey) => t(translation ? `ai.translating.${key}` : `ai.progress.${key}`);
  const [cancelling, setCancelling] = useState(false);
  const [restarting, setRestarting] = useState(false);
  const restart = async () => {
    setRestarting(true);
    try {
      await onRestart();
    } finally {
      setRestarting(false);
    }
  };
  const restartButton = (
    <Tooltip title={say('restartHint')}>
      <Button
        type="primary"
        icon={<RedoOutlined />}
        loading={restarting}
        disabled={!writable}
        onClick={() => void restart()}
      >
        {say('restart')}
      </Button>
    </Tooltip>
  );
  const step = stepOf(view);
  const cancel = async () => {
    setCancelling(true);
    try {
      await onCancel();
    } finally {
      setCancelling(false);
    }
  };
  const steps = translation
    ? (['lessons', 'done'] as const).map((key) => ({ title: t(`ai.translating.steps.${key}`) }))
    : (['outline', 'review', 'lessons', 'done'] as const).map((key) => ({
        title: t(`ai.progress.steps.${key}`),
      }));
  const openCourse = view.courseId !== null && (
    <LinkButton to={WebPaths.course(view.courseId)} type="primary" icon={<FileTextOutlined />}>
      {translation ? t('ai.translating.openCourse') : t('ai.openCourse')}
    </LinkButton>
  );
  const title = view.outline?.title ?? view.request.topic;
  const language = view.translation ? languageName(view.translation.language, i18n.language) : '';

  return (
    <Card>
      <Flex vertical gap={16}>
        <Flex gap={12} align="center" justify="space-between" wrap>
          <div style={{ minWidth: 0 }}>
            <h1 className="ai-page-title">
              {translation ? t('ai.translating.heading', { title, language }) : title}
            </h1>
            <Flex gap={8} wrap align="center">
              <JobStatusTag status={view.status} kind={view.kind} />
              <GeneratorTag generator={view.generator} />
              {!translation && <Typography.Text type="secondary">{view.request.topic}</Typography.Text>}
            </Flex>
          </div>
          <Flex gap={8} wrap>
            {CANCELLABLE.has(view.status) && view.abilities.cancel && (
              <Popconfirm
                title={say('cancelConfirm')}
                description={say('cancelConfirmDesc')}
                okButtonProps={{ danger: true }}
                onConfirm={() => cancel()}
              >
                <Button danger icon={<StopOutlined />} loading={cancelling} disabled={!writable}>
                  {t('ai.progress.cancel')}
                </Button>
              </Popconfirm>
            )}
            {view.status === 'done' && openCourse}
          </Flex>
        </Flex>
        <GeneratorNotice
          generator={view.generator}
          fromDocument={Boolean(view.request.documentId)}
          translation={translation}
        />
        <Steps size="small" current={step.current} status={step.status} items={steps} />
        <div>
          <Typography.Text type="secondary" id="ai-percent-label">
            {t('ai.progress.percent')}
          </Typography.Text>
          <Progress
            percent={view.percent}
            aria-labelledby="ai-percent-label"
            status={
              view.status === 'failed'
                ? 'exception'
                : view.status === 'done'
                  ? 'success'
                  : step.status === 'process'
                    ? 'active'
                    : 'normal'
            }
          />
        </div>
        {view.status === 'done' && (
          <Alert type="success" showIcon title={say('doneTitle')} description={say('doneDesc')} />
        )}
        {view.status === 'failed' && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={say('failed')}
            description={view.error ? aiErrorText(view.error) : say('failedDesc')}
            action={restartButton}
          />
        )}
        {view.status === 'cancelled' && (
          <Alert
            type="info"
            showIcon
            title={t('ai.progress.cancelled')}
            description={cancelledText(view, t)}
            action={
              <Flex vertical gap={8}>
                {view.courseId !== null && (
                  <LinkButton to={WebPaths.course(view.courseId)} icon={<FileTextOutlined />}>
                    {t('ai.progress.openDraft')}
                  </LinkButton>
                )}
                {restartButton}
              </Flex>
            }
          />
        )}
        {connection === 'lost' && <Alert type="warning" showIcon title={t('ai.progress.connection')} />}
        {connection === 'failed' && (
          <Alert type="error" showIcon role="alert" title={t('ai.progress.streamFailed')} />
        )}
      </Flex>
    </Card>
  );
};
