import type { CourseStatus } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../lib/format.ts';
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

/** 有未发布的修改: a released course whose draft differs from the store's version. */
export const UnreleasedTag = ({ course }: { course: { unreleasedChanges: boolean } }) => {
  const { t } = useTranslation();
  return course.unreleasedChanges ? <Tag color="orange">{t('course.unreleasedChanges')}</Tag> : null;
};

/** ¥12.30, 免费 for 0, 未定价 when no price is set. */
export const usePriceText = (): ((fen: number | null) => string) => {
  const { t } = useTranslation();
  return (fen) => {
    if (fen === null) return t('course.price.unset');
    if (fen === 0) return t('course.price.free');
    return formatPrice(fen);
  };
};
