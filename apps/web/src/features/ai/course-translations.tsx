import { TranslationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { formatDate } from '../../lib/format.ts';
import { aiApi, aiKeys } from './ai-api.ts';
import { languageName, TranslateDialog } from './translate-dialog.tsx';

/**
 * The course page's translations (AI 翻译): each one's language, link and date, and 原课程在翻译后已修改
 * when this course changed after it was made; a translation links back to its source.
 */
export const CourseTranslations = ({ courseId, editable }: { courseId: number; editable: boolean }) => {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const query = useQuery({
    queryKey: aiKeys.translations(courseId),
    queryFn: () => aiApi.translations(courseId),
  });
  const data = query.data;
  if (!data) return null;
  return (
    <Card
      title={<h2 className="card-title">{t('ai.translate.listTitle')}</h2>}
      extra={
        editable && (
          <Button icon={<TranslationOutlined />} onClick={() => setOpen(true)}>
            {t('ai.translate.open')}
          </Button>
        )
      }
    >
      {data.source && (
        <Typography.Paragraph>
          {t('ai.translate.from')} <Link to={WebPaths.course(data.source.courseId)}>{data.source.title}</Link>
        </Typography.Paragraph>
      )}
      {data.translations.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {data.translations.map((item) => (
            <li key={item.courseId} style={{ padding: '8px 0' }}>
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex gap={8} align="center" wrap>
                  <Tag>{languageName(item.language, i18n.language)}</Tag>
                  <Link to={WebPaths.course(item.courseId)}>{item.title}</Link>
                </Flex>
                <Flex gap={8} align="center" wrap>
                  <Typography.Text type="secondary">
                    {t('ai.translate.madeAt', { time: formatDate(item.createTime) })}
                  </Typography.Text>
                  {item.sourceChanged && <Tag color="warning">{t('ai.translate.sourceChanged')}</Tag>}
                </Flex>
              </Flex>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">{t('ai.translate.none')}</Typography.Text>
      )}
      <TranslateDialog
        courseId={courseId}
        languages={data.languages}
        open={open}
        onClose={() => setOpen(false)}
      />
    </Card>
  );
};
