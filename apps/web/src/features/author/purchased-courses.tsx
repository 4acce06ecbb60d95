import { ShopOutlined } from '@ant-design/icons';
import { Button, Col, Empty, Flex, Pagination, Row, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StoreCourseCard } from '../store/list/course-card.tsx';
import { usePurchasedCourses } from '../store/store-api.ts';

const PAGE_SIZE = 12;

/** The 已购 tab of /author: courses the team bought, open to every member (they follow later releases). */
export const PurchasedCourses = () => {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const purchased = usePurchasedCourses({ pageNum, pageSize: PAGE_SIZE });
  if (purchased.isPending) return <Skeleton active />;
  const page = purchased.data;
  if (!page || page.list.length === 0) {
    return (
      <Empty description={t('course.list.emptyPurchased')}>
        <Typography.Paragraph type="secondary">{t('course.list.emptyPurchasedDesc')}</Typography.Paragraph>
        <Link to="/store/list">
          <Button icon={<ShopOutlined />}>{t('course.list.goStore')}</Button>
        </Link>
      </Empty>
    );
  }
  return (
    <Flex vertical gap={16}>
      <Row gutter={[16, 16]}>
        {page.list.map((course) => (
          <Col key={course.courseId} xs={24} sm={12} lg={8} xl={6}>
            <StoreCourseCard course={course} />
          </Col>
        ))}
      </Row>
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
  );
};
