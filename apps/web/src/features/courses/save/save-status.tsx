import {
  CheckCircleOutlined,
  CloudUploadOutlined,
  EditOutlined,
  ExclamationCircleOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format.ts';
import type { SaveState } from './save-state.ts';

/** 已保存 / 保存中 / 未保存 / 保存失败 / 编辑冲突, always visible next to what is being edited. */
export const SaveStatus = ({ state, onRetry }: { state: SaveState; onRetry?: () => void }) => {
  const { t } = useTranslation();
  const views: Record<SaveState['status'], { icon: ReactNode; text: string; type?: 'danger' | 'warning' }> = {
    saved: {
      icon: <CheckCircleOutlined style={{ color: '#52c41a' }} />,
      text: state.savedAt
        ? t('course.save.savedAt', { time: formatDateTime(state.savedAt) })
        : t('course.save.saved'),
    },
    saving: { icon: <CloudUploadOutlined />, text: t('course.save.saving') },
    dirty: { icon: <EditOutlined />, text: t('course.save.dirty'), type: 'warning' },
    invalid: { icon: <WarningOutlined />, text: t('course.save.invalid'), type: 'warning' },
    error: { icon: <ExclamationCircleOutlined />, text: t('course.save.error'), type: 'danger' },
    conflict: { icon: <ExclamationCircleOutlined />, text: t('course.save.conflict'), type: 'danger' },
  };
  const view = views[state.status];
  return (
    <Space
      size={6}
      role="status"
      aria-live="polite"
      aria-label={t('course.save.label')}
      data-save-status={state.status}
    >
      <Typography.Text type={view.type} style={{ whiteSpace: 'nowrap' }}>
        {view.icon} {view.text}
      </Typography.Text>
      {state.status === 'error' && onRetry && (
        <Button size="small" onClick={onRetry}>
          {t('course.save.retry')}
        </Button>
      )}
    </Space>
  );
};
