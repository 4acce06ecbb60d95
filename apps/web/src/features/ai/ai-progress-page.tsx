import { ArrowLeftOutlined, LoadingOutlined } from '@ant-design/icons';
import type { AiJob, Outline } from '@studio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { aiApi, aiKeys } from './ai-api.ts';
import { LinkButton } from './ai-bits.tsx';
import { useTeamWritable } from '../../lib/current-team.ts';
import { parseId } from './ai-hooks.ts';
import { LessonList } from './lesson-list.tsx';
import { OutlineEditor } from './outline-editor.tsx';
import { ProgressHeader } from './progress-header.tsx';
import { useAiJob } from './use-ai-job.ts';
import './ai.css';

/** Where a failed lesson offers 重试 (a cancelled job's unwritten lessons are failed too). */
const RETRY_IN = new Set<AiJob['status']>(['failed', 'generating', 'cancelled']);

const Missing = () => {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="ai-page-title">{t('ai.progress.missingJob')}</h1>}
      subTitle={t('ai.progress.missingJobDesc')}
      extra={
        <LinkButton to={WebPaths.ai} type="primary">
          {t('ai.create.back')}
        </LinkButton>
      }
    />
  );
};

/**
 * /ai/progress?jobId=…: the job's steps and percent, the outline review while it waits for the
 * author, then every lesson with its text appearing as it is written, and the course when done.
 */
export const AiProgressPage = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const jobId = parseId(params.get('jobId'));
  const writable = useTeamWritable();
  const { view, connection, loadError, apply, reload } = useAiJob(jobId);
  useDocumentTitle(t(view?.kind === 'translate' ? 'ai.translating.title' : 'ai.progress.title'));

  if (jobId === null || loadError === 'notFound') return <Missing />;
  if (loadError === 'failed' && !view) {
    return (
      <Result
        status="warning"
        title={<h1 className="ai-page-title">{t('ai.progress.loadFailed')}</h1>}
        extra={<Button onClick={reload}>{t('common.retry')}</Button>}
      />
    );
  }
  if (!view) {
    return (
      <Card aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }

  /** Runs an action; its answer updates the page at once. Failures were shown by the request client. */
  const act = async (call: () => Promise<AiJob>): Promise<boolean> => {
    try {
      apply(await call());
      void queryClient.invalidateQueries({ queryKey: aiKeys.all });
      return true;
    } catch {
      return false;
    }
  };
  const saveOutline = (outline: Outline) => act(() => aiApi.outline(view.jobId, outline));
  const generate = async () => {
    await act(() => aiApi.generate(view.jobId));
  };
  const cancel = async () => {
    await act(() => aiApi.cancel(view.jobId));
  };
  const restart = async () => {
    try {
      const job = await aiApi.restart(view.jobId);
      void queryClient.invalidateQueries({ queryKey: aiKeys.all });
      await navigate(WebPaths.aiProgress(job.jobId));
    } catch {
      // The request client has shown why.
    }
  };
  const retry = async (idx: number) => {
    if (await act(() => aiApi.retry(view.jobId, idx))) {
      const key = view.kind === 'translate' ? 'ai.translating.retrying' : 'ai.progress.retrying';
      void message.success(t(key, { n: idx + 1 }));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Link to={WebPaths.ai}>
        <ArrowLeftOutlined /> {t('ai.create.back')}
      </Link>
      <ProgressHeader
        view={view}
        connection={connection}
        writable={writable}
        onCancel={cancel}
        onRestart={restart}
      />
      {view.status === 'outlining' && (
        <Card>
          <Flex gap={12} align="center" justify="center" style={{ padding: 24 }}>
            <Spin indicator={<LoadingOutlined spin />} />
            <Typography.Text>{t('ai.progress.outlining')}</Typography.Text>
          </Flex>
        </Card>
      )}
      {view.status === 'outline_ready' && view.outline && (
        <OutlineEditor
          key={view.jobId}
          outline={view.outline}
          disabled={!writable}
          canEdit={view.abilities.outline}
          canGenerate={view.abilities.generate}
          onSave={saveOutline}
          onGenerate={generate}
        />
      )}
      {view.lessons.length > 0 && (
        <LessonList
          lessons={view.lessons}
          translation={view.kind === 'translate'}
          canRetry={view.abilities.retry && writable && RETRY_IN.has(view.status)}
          onRetry={retry}
        />
      )}
    </Flex>
  );
};
