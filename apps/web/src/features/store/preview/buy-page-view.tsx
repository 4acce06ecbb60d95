import { TeamOutlined, UserOutlined } from '@ant-design/icons';
import type { StoreCourse } from '@studio/contract';
import { Card, Col, Flex, Row, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Picture } from '../../../components/picture.tsx';
import { priceLabel } from '../../../lib/format.ts';
import { Syllabus } from './syllabus.tsx';
import '../store.css';

/** What a buy page shows; the author's "buy page preview" can pass its draft in the same shape. */
export type BuyCourse = Pick<
  StoreCourse,
  | 'title'
  | 'subtitle'
  | 'summary'
  | 'cover'
  | 'category'
  | 'tags'
  | 'teamName'
  | 'authorName'
  | 'price'
  | 'lessons'
> & { versionNo?: number; sales?: number };

/**
 * The buy page as buyers see it: cover, title, team and author, price, the actions (buy, open…),
 * the summary and the syllabus. Presentational: the store page and the previews feed it.
 */
export const BuyPageView = ({
  course,
  actions,
  lessonLink,
}: {
  course: BuyCourse;
  actions?: ReactNode;
  lessonLink?: (lessonId: number) => string;
}) => {
  const { t } = useTranslation();
  const stats = [
    t('store.list.lessons', { count: course.lessons.length }),
    course.sales !== undefined ? t('store.list.sales', { count: course.sales }) : null,
    course.versionNo !== undefined ? t('store.course.version', { no: course.versionNo }) : null,
  ].filter(Boolean);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Row gutter={[24, 16]} className="store-hero">
          <Col xs={24} md={11}>
            {course.cover ? (
              <Picture
                url={course.cover}
                size="lg"
                className="store-hero-cover"
                alt={t('store.list.coverAlt', { title: course.title })}
              />
            ) : (
              <div className="store-hero-cover store-cover-empty">{t('store.list.noCover')}</div>
            )}
          </Col>
          <Col xs={24} md={13}>
            <Flex vertical gap={10}>
              <div>
                <h1>{course.title}</h1>
                {course.subtitle && <Typography.Text type="secondary">{course.subtitle}</Typography.Text>}
              </div>
              <Space size={[6, 6]} wrap>
                {course.category && <Tag color="blue">{t(`store.category.${course.category}`)}</Tag>}
                {course.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
              </Space>
              <Space size={[16, 4]} wrap style={{ color: 'rgba(0,0,0,0.65)' }}>
                <span>
                  <TeamOutlined aria-hidden /> {t('store.course.team', { name: course.teamName })}
                </span>
                <span>
                  <UserOutlined aria-hidden /> {t('store.course.author', { name: course.authorName })}
                </span>
              </Space>
              <Typography.Text type="secondary">{stats.join(' · ')}</Typography.Text>
              <div className="store-price-large">{priceLabel(course.price, t('store.price.free'))}</div>
              {actions && <div>{actions}</div>}
            </Flex>
          </Col>
        </Row>
      </Card>
      <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('store.course.summary')}</h2>}>
        <p className="store-summary">{course.summary}</p>
      </Card>
      <Card
        title={<h2 style={{ fontSize: 16, margin: 0 }}>{t('store.course.syllabus')}</h2>}
        extra={t('store.course.syllabusCount', { count: course.lessons.length })}
        styles={{ body: { paddingBlock: 4 } }}
      >
        <Syllabus lessons={course.lessons} linkTo={lessonLink} />
      </Card>
    </Flex>
  );
};
