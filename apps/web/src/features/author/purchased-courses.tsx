import { PlayCircleOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { QueryView } from '../../components/query-view.tsx';
import { AppScreen } from '../../screens/app-screen.tsx';
import { StoreCard } from '../../screens/store-list-screen.tsx';
import { usePurchasedCourses } from '../store/store-api.ts';
import './author.css';

const PAGE_SIZE = 12;

/**
 * The 已购 tab of /author: courses the team bought, open to every member (they follow later releases),
 * each with its way into the course player.
 */
export const PurchasedCourses = () => {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const purchased = usePurchasedCourses({ pageNum, pageSize: PAGE_SIZE });
  // A failure shows the empty view too: buying is what the tab offers either way.
  const empty = (
    <Empty description={t('course.list.emptyPurchased')}>
      <Typography.Paragraph type="secondary">{t('course.list.emptyPurchasedDesc')}</Typography.Paragraph>
      <Link to={WebPaths.storeList}>
        <Button icon={<ShopOutlined />}>{t('course.list.goStore')}</Button>
      </Link>
    </Empty>
  );
  return (
    <QueryView query={purchased} empty={empty} isEmpty={(page) => page.list.length === 0}>
      {(page) => (
        <Flex vertical gap={16}>
          <AppScreen>
            <ul className="pp-store-grid">
              {page.list.map((course) => (
                <StoreCard
                  key={course.courseId}
                  course={course}
                  footer={
                    // Under the card's own link to the buy page, not inside it.
                    <Link
                      to={WebPaths.learnCourse(course.courseId)}
                      aria-label={t('learn.studyCourse', { title: course.title })}
                      className="purchased-study"
                    >
                      <PlayCircleOutlined aria-hidden /> {t('learn.study')}
                    </Link>
                  }
                />
              ))}
            </ul>
          </AppScreen>
          {page.total > PAGE_SIZE && (
            <Pagination
              align="end"
              current={pageNum}
              pageSize={PAGE_SIZE}
              total={page.total}
              showSizeChanger={false}
              onChange={setPageNum}
            />
          )}
        </Flex>
      )}
    </QueryView>
  );
};
