import { PictureOutlined } from '@ant-design/icons';
import type { ImageSize } from '@studio/contract/constants';
import { useTranslation } from 'react-i18next';
import { Picture } from '../../components/picture.tsx';
import './course-cover.css';

/**
 * A course's cover at 16:9, or a labelled placeholder when it has none. `priority`: the cover is the
 * page's main picture at the top (its largest paint), so it loads at once and first, not lazily.
 */
export const CourseCover = ({
  src,
  title,
  priority = false,
  size = priority ? 'lg' : 'sm',
}: {
  src: string;
  title: string;
  priority?: boolean;
  /** `sm` for cards and lists, `lg` for a page's main picture (the default with `priority`). */
  size?: ImageSize;
}) => {
  const { t } = useTranslation();
  return src ? (
    <Picture
      url={src}
      size={size}
      className="course-cover"
      alt={t('course.coverAlt', { title })}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
    />
  ) : (
    <div className="course-cover course-cover-empty" role="img" aria-label={t('course.noCover')}>
      <PictureOutlined style={{ fontSize: 28 }} />
      <span>{t('course.noCover')}</span>
    </div>
  );
};
