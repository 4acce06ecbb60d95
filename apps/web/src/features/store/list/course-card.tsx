import { BookOutlined, FireOutlined } from '@ant-design/icons';
import type { StoreCard, StoreListCard } from '@studio/contract';
import { HighlightedText } from '../../../components/highlighted-text.tsx';
import { Picture } from '../../../components/picture.tsx';
import { Card, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { priceLabel } from '../../../lib/format.ts';
import '../store.css';

/**
 * A course in the store grid: cover, title, team, price, lesson count and sales; links to its buy page.
 * `priority`: a card of the first row, whose cover is in view at once (loaded eagerly, not lazily).
 */
export const StoreCourseCard = ({
  course,
  to,
  priority = false,
}: {
  course: StoreCard & Partial<Pick<StoreListCard, 'titleHighlights'>>;
  to?: string;
  priority?: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <Link to={to ?? WebPaths.storePreview(course.courseId)} className="store-card-link">
      <Card
        hoverable
        className="store-card"
        cover={
          course.cover ? (
            <Picture
              url={course.cover}
              size="sm"
              className="store-cover"
              alt={t('store.list.coverAlt', { title: course.title })}
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
            />
          ) : (
            <div className="store-cover store-cover-empty">{t('store.list.noCover')}</div>
          )
        }
      >
        <h2 className="store-card-title">
          <HighlightedText text={course.title} ranges={course.titleHighlights} />
        </h2>
        <div className="store-card-team">{course.teamName}</div>
        <div className="store-card-meta">
          <span>
            <BookOutlined aria-hidden /> {t('store.list.lessons', { count: course.lessonCount })}
          </span>
          <span>
            <FireOutlined aria-hidden /> {t('store.list.sales', { count: course.sales })}
          </span>
          {course.category && <Tag variant="filled">{t(`store.category.${course.category}`)}</Tag>}
        </div>
        <div className="store-price">{priceLabel(course.price, t('store.price.free'))}</div>
      </Card>
    </Link>
  );
};

/** The placeholder of a card while the list loads. */
export const StoreCardSkeleton = () => (
  <Card className="store-card" cover={<div className="store-cover store-cover-empty" />}>
    <Skeleton active title paragraph={{ rows: 2 }} />
  </Card>
);
