import { LockOutlined, ShoppingCartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { CoursePreview } from '@studio/contract';
import { Button, Collapse, Empty, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { usePriceText } from '../course-bits.tsx';
import { CourseCover } from '../course-cover.tsx';
import './preview.css';

/**
 * The store's buy page for a course: cover, title, price, summary and the syllabus, where free-preview
 * lessons open to read and the others stay locked. The store passes real buttons in `actions`.
 */
export const BuyPageView = ({ course, actions }: { course: CoursePreview; actions?: ReactNode }) => {
  const { t } = useTranslation();
  const priceText = usePriceText();
  const minutes = course.lessons.reduce((sum, l) => sum + l.durationMin, 0);
  return (
    <div className="buy-page">
      <section className="buy-hero">
        <div className="reader-cover">
          <CourseCover src={course.cover} title={course.title} size="lg" />
        </div>
        <div style={{ flex: '1 1 280px', minWidth: 0 }}>
          <h1 className="reader-title">{course.title}</h1>
          {course.subtitle && <p className="reader-subtitle">{course.subtitle}</p>}
          <Typography.Text type="secondary">
            {t('preview.byline', { team: course.teamName, author: course.authorName })}
          </Typography.Text>
          <Flex gap={4} wrap style={{ marginTop: 8 }}>
            {course.category && <Tag color="blue">{t(`course.category.${course.category}`)}</Tag>}
            {course.tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Flex>
          <div className="buy-price" data-testid="buy-price">
            {priceText(course.price)}
          </div>
          <Typography.Paragraph type="secondary">
            {t('preview.lessonsTotal', { count: course.lessons.length })}
            {minutes > 0 && ` · ${t('preview.minutesTotal', { count: minutes })}`}
          </Typography.Paragraph>
          {actions ?? (
            <Flex gap={8} wrap>
              <Button size="large" icon={<ShoppingCartOutlined />} disabled>
                {t('preview.addToCart')}
              </Button>
              <Button size="large" type="primary" icon={<ThunderboltOutlined />} disabled>
                {t('preview.buyNow')}
              </Button>
            </Flex>
          )}
        </div>
      </section>
      {course.summary && (
        <section className="buy-section">
          <h2>{t('preview.summary')}</h2>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {course.summary}
          </Typography.Paragraph>
        </section>
      )}
      <section className="buy-section">
        <h2>{t('preview.syllabus')}</h2>
        {course.lessons.length === 0 ? (
          <Empty description={t('preview.noLessons')} />
        ) : (
          <Collapse
            items={course.lessons.map((lesson, index) => ({
              key: lesson.lessonId,
              collapsible: lesson.freePreview ? undefined : 'disabled',
              label: (
                <Flex gap={8} align="center" wrap>
                  <span>
                    {t('preview.lessonNo', { n: index + 1 })} · {lesson.title}
                  </span>
                  {lesson.freePreview ? (
                    <Tag color="green">{t('preview.freeTrial')}</Tag>
                  ) : (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      <LockOutlined /> {t('preview.locked')}
                    </Typography.Text>
                  )}
                </Flex>
              ),
              extra:
                lesson.durationMin > 0 ? (
                  <Typography.Text type="secondary">
                    {t('lesson.duration', { count: lesson.durationMin })}
                  </Typography.Text>
                ) : undefined,
              children: lesson.freePreview ? <ContentView doc={lesson.content} /> : null,
            }))}
          />
        )}
      </section>
    </div>
  );
};
