import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Progress, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, UPLOAD_MIME_TYPES } from '@studio/contract/constants';
import type { UploadKind, UploadResult } from '@studio/contract';
import { checkImage, uploadFile } from '../lib/upload.ts';

/**
 * Picks one image, checks type and size at once, uploads it with a progress bar, and hands the
 * result to `onUploaded`. Failures are already shown by the request client.
 */
export const ImageUpload = ({
  kind,
  label,
  onUploaded,
  children,
}: {
  kind: UploadKind;
  label: string;
  onUploaded: (result: UploadResult) => Promise<void> | void;
  children?: ReactNode;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);

  const start = async (file: File) => {
    const problem = checkImage(file);
    if (problem) {
      void message.error(t(`upload.${problem}`, { size: LIMITS.uploadMaxBytes / 1024 / 1024 }));
      return;
    }
    setPercent(0);
    try {
      const result = await uploadFile(kind, file, setPercent);
      await onUploaded(result);
    } catch {
      // The request client has shown the reason.
    } finally {
      setPercent(null);
    }
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 160 }}>
      <Upload
        accept={UPLOAD_MIME_TYPES.join(',')}
        showUploadList={false}
        disabled={percent !== null}
        beforeUpload={(file) => {
          void start(file);
          return false;
        }}
      >
        {children ?? (
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            {label}
          </Button>
        )}
      </Upload>
      {percent !== null && (
        <Progress
          percent={percent}
          size="small"
          aria-label={t('upload.uploading', { percent })}
          status="active"
        />
      )}
    </div>
  );
};
