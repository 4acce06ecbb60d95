import { ExperimentOutlined, RobotOutlined, SyncOutlined } from '@ant-design/icons';
import type { AiJob, AiJobStatus, AiLessonStatus } from '@studio/contract';
import { Alert, Button, Tag, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const STATUS_COLOR: Record<AiJobStatus, string> = {
  outlining: 'processing',
  outline_ready: 'warning',
  generating: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

// Rows of tags are spaced by their Flex gap, not by antd's trailing margin.
const TAG_STYLE = { marginInlineEnd: 0 };

const LESSON_COLOR: Record<AiLessonStatus, string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
};

// Keys with an underscore would read as i18next contexts, so outline_ready is spelt outlineReady.
const STATUS_KEY = {
  outlining: 'ai.status.outlining',
  outline_ready: 'ai.status.outlineReady',
  generating: 'ai.status.generating',
  done: 'ai.status.done',
  failed: 'ai.status.failed',
  cancelled: 'ai.status.cancelled',
} as const satisfies Record<AiJobStatus, string>;

export const JobStatusTag = ({ status, kind }: { status: AiJobStatus; kind?: AiJob['kind'] }) => {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLOR[status]} style={TAG_STYLE}>
      {t(kind === 'translate' && status === 'generating' ? 'ai.translating.status' : STATUS_KEY[status])}
    </Tag>
  );
};

export const LessonStatusTag = ({ status }: { status: AiLessonStatus }) => {
  const { t } = useTranslation();
  return (
    <Tag
      color={LESSON_COLOR[status]}
      style={TAG_STYLE}
      icon={status === 'running' ? <SyncOutlined spin /> : undefined}
    >
      {t(`ai.lessonStatus.${status}`)}
    </Tag>
  );
};

/** Says honestly whether a job is written by AI or by the built-in template. */
export const GeneratorTag = ({ generator }: { generator: AiJob['generator'] }) => {
  const { t } = useTranslation();
  return generator.kind === 'template' ? (
    <Tag icon={<ExperimentOutlined />} color="orange" style={TAG_STYLE}>
      {t('ai.generator.template')}
    </Tag>
  ) : (
    <Tag icon={<RobotOutlined />} color="purple" style={TAG_STYLE}>
      {generator.label || t('ai.generator.ai')}
    </Tag>
  );
};

/**
 * The banner form of GeneratorTag, for the create and progress pages. Without a model, a course from a
 * document is the document's own text: said as such (按文档结构生成（未使用 AI）), not as a template.
 */
export const GeneratorNotice = ({
  generator,
  fromDocument,
  translation,
}: {
  generator: AiJob['generator'];
  fromDocument?: boolean;
  /** A translation job: its model translates (only a model does; the template refuses). */
  translation?: boolean;
}) => {
  const { t } = useTranslation();
  if (generator.kind === 'template' && fromDocument)
    return (
      <Alert
        type="info"
        showIcon
        icon={<ExperimentOutlined />}
        title={t('ai.generator.documentTitle')}
        description={t('ai.generator.documentDesc')}
      />
    );
  if (generator.kind === 'ai') {
    return (
      <Alert
        type="info"
        showIcon
        icon={<RobotOutlined />}
        title={t(translation ? 'ai.translating.aiTitle' : 'ai.generator.aiTitle', {
          label: generator.label,
        })}
      />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      icon={<ExperimentOutlined />}
      title={t('ai.generator.templateTitle')}
      description={t('ai.generator.templateDesc')}
    />
  );
};

/** A link that looks like a button: one interactive element, routed in the app, opens in a new tab. */
export const LinkButton = ({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) => {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        void navigate(to);
      }}
    />
  );
};
