import { DeleteOutlined, FileTextOutlined, InboxOutlined } from '@ant-design/icons';
import { type AiDocument, DOCUMENT_LIMITS, type DocumentParseProgress } from '@studio/contract';
import { Alert, Button, Flex, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-error.ts';
import { aiApi } from './ai-api.ts';

const MB = 1024 * 1024;
const ACCEPT = '.pdf,.docx,.pptx,.md,.markdown,.txt';

type Step =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'parsing'; progress?: DocumentParseProgress }
  | { kind: 'failed'; message: string };

interface Props {
  document: AiDocument | null;
  onChange: (document: AiDocument | null) => void;
  disabled?: boolean;
}

/** The reading step: pages (or slides) read of the total as the server reports them, else busy. */
const ParseProgress = ({ progress }: { progress?: DocumentParseProgress }) => {
  const { t } = useTranslation();
  if (!progress)
    return (
      <Progress
        percent={100}
        status="active"
        size="small"
        format={() => t('ai.create.parsing', { seconds: DOCUMENT_LIMITS.parseSeconds })}
      />
    );
  const label = t(`ai.create.reading_${progress.unit}`, { done: progress.done, total: progress.total });
  return (
    <Progress
      percent={Math.floor((progress.done / Math.max(progress.total, 1)) * 100)}
      status="active"
      size="small"
      aria-label={label}
      format={() => label}
    />
  );
};

/**
 * The document a course is made from: sent to the server (upload progress, then the reading step),
 * which answers its sections; a refusal (encrypted, a scan, an unknown format…) is said here.
 */
export const DocumentUpload = ({ document, onChange, disabled }: Props) => {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  const send = async (file: File) => {
    setStep({ kind: 'uploading', percent: 0 });
    try {
      const parsed = await aiApi.parseDocument(
        file,
        (percent) => setStep(percent >= 100 ? { kind: 'parsing' } : { kind: 'uploading', percent }),
        (progress) => setStep({ kind: 'parsing', progress }),
      );
      setStep({ kind: 'idle' });
      onChange(parsed);
    } catch (err) {
      setStep({ kind: 'failed', message: err instanceof ApiError ? err.msg : t('errors.serverError') });
    }
  };

  if (document) {
    const images = document.sections.reduce((n, s) => n + s.images, 0);
    return (
      <Flex align="center" gap={8} className="ai-document" data-testid="ai-document">
        <FileTextOutlined />
        <Typography.Text style={{ flex: 1, minWidth: 0 }} ellipsis>
          {t('ai.create.parsed', {
            name: document.name,
            pages: document.pages,
            count: document.sections.length,
          })}
          {images > 0 && t('ai.create.parsedImages', { count: images })}
        </Typography.Text>
        <Button
          size="small"
          icon={<DeleteOutlined />}
          aria-label={t('ai.create.removeDocument')}
          onClick={() => onChange(null)}
        />
      </Flex>
    );
  }

  const busy = step.kind === 'uploading' || step.kind === 'parsing';
  return (
    <Flex vertical gap={8}>
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        disabled={disabled || busy}
        // The file goes up through the request client (token headers, the envelope's codes).
        beforeUpload={(file) => (void send(file), false)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('ai.create.documentDrop')}</p>
      </Upload.Dragger>
      {step.kind === 'uploading' && (
        <Progress
          percent={step.percent}
          size="small"
          format={() => t('ai.create.uploading', { percent: step.percent })}
        />
      )}
      {step.kind === 'parsing' && <ParseProgress progress={step.progress} />}
      {step.kind === 'failed' && <Alert type="error" showIcon title={step.message} />}
      <Typography.Text type="secondary">
        {t('ai.create.documentHelp', {
          maxMb: DOCUMENT_LIMITS.maxBytes / MB,
          maxPages: DOCUMENT_LIMITS.maxPages,
        })}
      </Typography.Text>
    </Flex>
  );
};
