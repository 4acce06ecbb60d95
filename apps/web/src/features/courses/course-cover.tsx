import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import './course-cover.css';

/** A course's cover at 16:9, or a labelled placeholder when it has none. */
export const CourseCover = ({ src, title }: { src: string; title: string }) => {
  const { t } = useTranslation();
  return src ? (
    <img className="course-cover" src={src} alt={t('course.coverAlt', { title })} loading="lazy" />
  ) : (
    <div className="course-cover course-cover-empty" role="img" aria-label={t('course.noCover')}>
      <PictureOutlined style={{ fontSize: 28 }} />
      <span>{t('course.noCover')}</span>
    </div>
  );
};
