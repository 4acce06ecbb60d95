import type { CompletionSettings, CourseChanges, CourseDiffField } from '@studio/contract';
import { Flex, List, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DiffBlocksView } from '../diff-view.tsx';
import { usePriceText } from '../course-bits.tsx';

/** A field's value as the store shows it (price in yuan, the category's name, 结业要求 in words). */
const useFieldText = () => {
  const { t } = useTranslation();
  const priceText = usePriceText();
  return (field: CourseDiffField, value: string | null): string => {
    if (value === null || value === '') return t('release.changes.empty');
    if (field === 'price') return priceText(Number(value));
    if (field === 'category') return t(`course.category.${value}` as 'course.category.tech');
    if (field === 'completion') {
      const c = JSON.parse(value) as CompletionSettings;
      const text = t('release.changes.completionText', {
        seconds: c.minLessonSeconds,
        passMark: c.passMark,
        attempts:
          c.maxQuizAttempts === null
            ? t('release.changes.noAttemptsLimit')
            : t('release.changes.attemptsLimit', { count: c.maxQuizAttempts }),
      });
      return c.noSeekAhead ? `${text}，${t('release.changes.noSeekAhead')}` : text;
    }
    return value;
  };
};

/** What differs between two versions of a course: its fields, then each lesson that changed. */
export const CourseChangesView = ({ changes }: { changes: CourseChanges }) => {
  const { t } = useTranslation();
  const fieldText = useFieldText();
  return (
    <Flex vertical gap={12} className="course-changes">
      {changes.fields.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('release.changes.fields')}</Typography.Title>
          <List
            size="small"
            dataSource={changes.fields}
            rowKey="field"
            renderItem={(f) => (
              <List.Item>
                <Flex vertical gap={2} style={{ minWidth: 0 }}>
                  <Typography.Text strong>{t(`release.changes.field.${f.field}`)}</Typography.Text>
                  <span className="history-diff">
                    <del>{fieldText(f.field, f.before)}</del> → <ins>{fieldText(f.field, f.after)}</ins>
                  </span>
                </Flex>
              </List.Item>
            )}
          />
        </section>
      )}
      {changes.lessons.length > 0 && (
        <section>
          <Typography.Title level={5}>{t('release.changes.lessons')}</Typography.Title>
          <List
            size="small"
            dataSource={changes.lessons}
            rowKey="lessonId"
            renderItem={(l) => (
              <List.Item data-lesson-change={l.lessonId}>
                <Flex vertical gap={4} style={{ minWidth: 0, width: '100%' }}>
                  <Flex gap={6} align="center" wrap>
                    <Typography.Text strong>{l.title}</Typography.Text>
                    {l.added && <Tag color="green">{t('release.changes.added')}</Tag>}
                    {l.removed && <Tag color="red">{t('release.changes.removed')}</Tag>}
                    {l.moved && <Tag>{t('release.changes.moved', l.moved)}</Tag>}
                    {l.renamed !== null && <Tag>{t('release.changes.renamed', { title: l.renamed })}</Tag>}
                    {l.settings && <Tag>{t('release.changes.settings')}</Tag>}
                    {l.diff && <Tag color="orange">{t('release.changes.edited')}</Tag>}
                  </Flex>
                  {l.diff &&
                    (l.diff.some((b) => b.op !== 'same') ? (
                      <DiffBlocksView blocks={l.diff.filter((b) => b.op !== 'same')} />
                    ) : (
                      <Typography.Text type="secondary">{t('release.changes.formatOnly')}</Typography.Text>
                    ))}
                </Flex>
              </List.Item>
            )}
          />
        </section>
      )}
    </Flex>
  );
};
