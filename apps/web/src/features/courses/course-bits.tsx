import type { CourseStatus } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session-store.ts';
import { formatYuan } from './price.ts';
import './courses.css';

const STATUS_COLORS: Record<CourseStatus, string> = {
  draft: 'default',
  released: 'success',
  unreleased: 'warning',
};

export const CourseStatusTag = ({ status }: { status: CourseStatus }) => {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`course.status.${status}`)}</Tag>;
};

/** ¥12.30, 免费 for 0, 未定价 when no price is set. */
export const usePriceText = (): ((fen: number | null) => string) => {
  const { t } = useTranslation();
  return (fen) => {
    if (fen === null) return t('course.price.unset');
    if (fen === 0) return t('course.price.free');
    return t('course.price.yuan', { value: formatYuan(fen) });
  };
};

/** The current team's id: part of every course query key, so switching team refetches. */
export const useTeamId = (): number | undefined => useSession((s) => s.user?.lastTeam?.teamId);

/** Writes are refused while the current team is expired (read-only), whatever the abilities say. */
export const useTeamWritable = (): boolean => useSession((s) => !s.user?.lastTeam?.teamExpire);
