import { DeleteOutlined } from '@ant-design/icons';
import { COMPLETION_LIMITS, COURSE_CATEGORIES, COURSE_LIMITS } from '@studio/contract/constants';
import { Button, Checkbox, Flex, Form, Input, Select, Typography, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload.tsx';
import { fenToYuan } from '../../../lib/format.ts';
import { CourseCover } from '../course-cover.tsx';
import type { CourseFormValues } from './course-info-save.ts';
import { NumberInput } from '../../../components/number-input.tsx';
import { courseExamTitleId, useCourseExamDraft } from '../../exams/course-exam-panel.tsx';

/** A whole number from `min` to `max`, said as you type (never clamped); empty is allowed. */
const wholeNumber = (min: number, max: number, message: string) => ({
  validator: async (_rule: unknown, value: number | null | undefined) => {
    if (value === null || value === undefined) return;
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(message);
  },
});

/**
 * 需通过课程考试: the server completes a course whose release carries an exam only once the learner
 * passed it (learning's one rule), so the form states it while the course has an exam, and points
 * at the 课程考试 panel, where removing the exam is the way to drop the requirement.
 */
const CourseExamRule = ({ courseId }: { courseId: number }) => {
  const { t } = useTranslation();
  const exam = useCourseExamDraft(courseId).data?.exam;
  if (!exam) return null;
  return (
    <Form.Item label={t('course.edit.examRule')} extra={t('course.edit.examRuleHelp')}>
      <Flex gap={8} wrap align="baseline">
        <Typography.Text>
          {t('course.edit.examRuleText', { title: exam.title, passPercent: exam.passPercent })}
        </Typography.Text>
        <Typography.Link href={`#${courseExamTitleId(courseId)}`}>
          {t('course.edit.examRuleLink')}
        </Typography.Link>
      </Flex>
    </Form.Item>
  );
};

/**
 * 结业要求: what completing a lesson and earning the certificate take, saved with the course and
 * carried in its releases (learners get a change with the next release); with the course's exam
 * when it has one (`examCourseId`: the course, when the viewer may read its exam).
 */
const CompletionFields = ({ examCourseId }: { examCourseId: number | null }) => {
  const { t } = useTranslation();
  const { minLessonSecondsMax, maxQuizAttemptsMax } = COMPLETION_LIMITS;
  return (
    <fieldset className="course-completion">
      <legend className="course-completion-title">{t('course.edit.completion')}</legend>
      <Typography.Paragraph type="secondary">{t('course.edit.completionHelp')}</Typography.Paragraph>
      <Flex gap={16} wrap>
        <Form.Item
          name={['completion', 'minLessonSeconds']}
          label={t('course.edit.minLessonSeconds')}
          extra={t('course.edit.minLessonSecondsHelp')}
          style={{ flex: '1 1 200px' }}
          rules={[
            wholeNumber(
              0,
              minLessonSecondsMax,
              t('course.edit.rangeRule', { min: 0, max: minLessonSecondsMax }),
            ),
          ]}
        >
          <NumberInput precision={0} step={10} suffix={t('course.edit.seconds')} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name={['completion', 'passMark']}
          label={t('course.edit.passMark')}
          extra={t('course.edit.passMarkHelp')}
          style={{ flex: '1 1 200px' }}
          rules={[wholeNumber(0, 100, t('course.edit.rangeRule', { min: 0, max: 100 }))]}
        >
          <NumberInput precision={0} step={5} suffix="%" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name={['completion', 'maxQuizAttempts']}
          label={t('course.edit.maxQuizAttempts')}
          extra={t('course.edit.maxQuizAttemptsHelp')}
          style={{ flex: '1 1 200px' }}
          rules={[
            wholeNumber(
              1,
              maxQuizAttemptsMax,
              t('course.edit.rangeRule', { min: 1, max: maxQuizAttemptsMax }),
            ),
          ]}
        >
          <NumberInput
            precision={0}
            placeholder={t('course.edit.noLimit')}
            suffix={t('course.edit.times')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name={['completion', 'noSeekAhead']}
        valuePropName="checked"
        extra={t('course.edit.noSeekAheadHelp')}
      >
        <Checkbox>{t('course.edit.noSeekAhead')}</Checkbox>
      </Form.Item>
      {examCourseId !== null && <CourseExamRule courseId={examCourseId} />}
    </fieldset>
  );
};

/**
 * The course details. Every change goes to autosave through `onEdit`, naming the fields changed
 * (a save sends only those); `onSaveNow` for the cover.
 */
export const CourseInfoForm = ({
  form,
  initialValues,
  disabled,
  examCourseId,
  onEdit,
  onSaveNow,
}: {
  form: FormInstance<CourseFormValues>;
  initialValues: CourseFormValues;
  disabled: boolean;
  /** The course whose exam 结业要求 states (null: the viewer may not read it). */
  examCourseId: number | null;
  onEdit: (fields: (keyof CourseFormValues)[]) => void;
  onSaveNow: () => void;
}) => {
  const { t } = useTranslation();
  const cover = Form.useWatch('cover', form) ?? initialValues.cover;
  const title = Form.useWatch('title', form) ?? initialValues.title;
  const setCover = (url: string) => {
    form.setFieldValue('cover', url);
    onEdit(['cover']);
    onSaveNow();
  };
  return (
    <Form
      form={form}
      name="course"
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      onValuesChange={(changed: Partial<CourseFormValues>) =>
        onEdit(Object.keys(changed) as (keyof CourseFormValues)[])
      }
      requiredMark={false}
    >
      <Form.Item
        name="title"
        label={t('course.edit.fieldTitle')}
        rules={[{ required: true, whitespace: true }, { max: COURSE_LIMITS.titleMax }]}
      >
        <Input maxLength={COURSE_LIMITS.titleMax} showCount />
      </Form.Item>
      <Form.Item
        name="subtitle"
        label={t('course.edit.subtitle')}
        rules={[{ max: COURSE_LIMITS.subtitleMax }]}
      >
        <Input maxLength={COURSE_LIMITS.subtitleMax} placeholder={t('course.edit.subtitlePlaceholder')} />
      </Form.Item>
      <Form.Item name="cover" hidden>
        <Input />
      </Form.Item>
      <Form.Item label={t('course.edit.cover')} extra={t('course.edit.coverHint')}>
        <Flex id="course_cover_picker" gap={12} align="center" wrap>
          <div style={{ width: 200, borderRadius: 8, overflow: 'hidden', border: '1px solid #eef0f4' }}>
            <CourseCover src={cover} title={title} />
          </div>
          {!disabled && (
            <Flex vertical gap={8}>
              <ImageUpload
                kind="cover"
                label={cover ? t('course.edit.changeCover') : t('course.edit.uploadCover')}
                onUploaded={(result) => setCover(result.url)}
              />
              {cover && (
                <Button icon={<DeleteOutlined />} onClick={() => setCover('')}>
                  {t('course.edit.removeCover')}
                </Button>
              )}
            </Flex>
          )}
        </Flex>
      </Form.Item>
      <Form.Item name="summary" label={t('course.edit.summary')} rules={[{ max: COURSE_LIMITS.summaryMax }]}>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={COURSE_LIMITS.summaryMax}
          showCount
          placeholder={t('course.edit.summaryPlaceholder')}
        />
      </Form.Item>
      <Flex gap={16} wrap>
        <Form.Item name="category" label={t('course.edit.category')} style={{ flex: '1 1 200px' }}>
          <Select
            allowClear
            placeholder={t('course.edit.categoryPlaceholder')}
            options={COURSE_CATEGORIES.map((c) => ({ value: c, label: t(`course.category.${c}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('course.edit.price')}
          extra={t('course.edit.priceHelp')}
          style={{ flex: '1 1 200px' }}
          // Said as you type; never clamped (min/max on the input would turn -5 into free silently).
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                const max = fenToYuan(COURSE_LIMITS.priceMaxFen);
                if (typeof value !== 'number') return;
                if (value < 0) throw new Error(t('course.edit.priceNegative'));
                if (value > max) throw new Error(t('course.edit.priceTooHigh', { max }));
              },
            },
          ]}
        >
          <NumberInput
            precision={2}
            step={1}
            prefix="¥"
            placeholder={t('course.edit.pricePlaceholder')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name="tags"
        label={t('course.edit.tags')}
        rules={[
          {
            validator: async (_rule, value: string[] | undefined) => {
              const tags = value ?? [];
              if (
                tags.length > COURSE_LIMITS.tagsMax ||
                tags.some((tag) => tag.length > COURSE_LIMITS.tagMax)
              ) {
                throw new Error(t('course.edit.tagsRule'));
              }
            },
          },
        ]}
      >
        <Select
          mode="tags"
          tokenSeparators={[',', '，']}
          placeholder={t('course.edit.tagsPlaceholder')}
          open={false}
        />
      </Form.Item>
      <CompletionFields examCourseId={examCourseId} />
      {disabled && <Typography.Text type="secondary">{t('course.edit.readOnly')}</Typography.Text>}
    </Form>
  );
};
