import {
  ArrowLeftOutlined,
  DownOutlined,
  EyeOutlined,
  MobileOutlined,
  RocketOutlined,
  ShareAltOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import type { CourseDetail } from '@studio/contract';
import { Alert, Button, Card, Col, Drawer, Dropdown, Flex, Form, Row, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../../components/use-document-title.ts';
import { CourseTranslations } from '../../ai/course-translations.tsx';
import { SharePanel } from '../share/share-panel.tsx';
import { useTeamWritable } from '../../../lib/current-team.ts';
import { CourseStatusTag, UnreleasedTag } from '../course-bits.tsx';
import { CourseLoadError } from '../course-load-error.tsx';
import { useCourseDetail } from '../course-queries.ts';
import { SaveStatus } from '../save/save-status.tsx';
import { CourseConflictModal } from './course-conflict-modal.tsx';
import { CourseInfoForm } from './course-info-form.tsx';
import { toFormValues, useCourseInfoSave, type CourseFormValues } from './course-info-save.ts';
import { LessonList } from './lesson-list.tsx';
import { CourseComments } from '../../comments/course-comments.tsx';
import { CourseExamPanel } from '../../exams/course-exam-panel.tsx';
import './course-edit.css';

/** Fix links from the release checklist land here with ?focus=title|cover|summary|category|price|lessons. */
const FOCUS_TARGETS: Record<string, string> = {
  title: 'course_title',
  cover: 'course_cover_picker',
  summary: 'course_summary',
  category: 'course_category',
  price: 'course_price',
  lessons: 'lesson-new-title',
};

const useFocusFromAddress = () => {
  const [params] = useSearchParams();
  const focus = params.get('focus');
  useEffect(() => {
    const target = focus ? document.getElementById(FOCUS_TARGETS[focus] ?? '') : null;
    target?.scrollIntoView({ block: 'center' });
    target?.focus({ preventScroll: true });
  }, [focus]);
};

const CourseEditor = ({ course }: { course: CourseDetail }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<CourseFormValues>();
  const [initialValues] = useState(() => toFormValues(course));
  const [shareOpen, setShareOpen] = useState(false);
  const writable = useTeamWritable();
  const editable = course.abilities.edit && writable;
  const { autosave, state, edit, conflict, reload, overwrite } = useCourseInfoSave(course, form);
  useFocusFromAddress();

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={12} wrap className="course-edit-head">
        <Link to={WebPaths.author} aria-label={t('course.backHome')}>
          <Button type="text" icon={<ArrowLeftOutlined />} tabIndex={-1} aria-hidden />
        </Link>
        <div style={{ flex: '1 1 240px', minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <h1 className="page-title course-edit-title">{course.title}</h1>
            <CourseStatusTag status={course.status} />
            <UnreleasedTag course={course} />
          </Flex>
          <SaveStatus state={state} onRetry={() => void autosave.flush()} />
        </div>
        <Flex gap={8} wrap>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                {
                  key: WebPaths.coursePreview(course.courseId),
                  icon: <EyeOutlined />,
                  label: t('course.edit.previewCourse'),
                },
                {
                  key: WebPaths.courseBuyPreview(course.courseId),
                  icon: <ShoppingOutlined />,
                  label: t('course.edit.previewBuy'),
                },
                {
                  key: WebPaths.wxPreview(course.courseId),
                  icon: <MobileOutlined />,
                  label: t('course.edit.previewMobile'),
                },
              ],
              onClick: ({ key }) => void navigate(key),
            }}
          >
            <Button icon={<EyeOutlined />}>
              {t('course.edit.preview')} <DownOutlined />
            </Button>
          </Dropdown>
          {course.abilities.share && (
            <Button icon={<ShareAltOutlined />} onClick={() => setShareOpen(true)}>
              {t('course.edit.share')}
            </Button>
          )}
          <Link to={WebPaths.courseRelease(course.courseId)}>
            <Button type="primary" icon={<RocketOutlined />}>
              {t('course.edit.release')}
            </Button>
          </Link>
        </Flex>
      </Flex>
      {!editable && <Alert type="info" showIcon title={t('course.edit.readOnly')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title={<h2 className="card-title">{t('course.edit.info')}</h2>}>
            <CourseInfoForm
              form={form}
              initialValues={initialValues}
              disabled={!editable}
              examCourseId={course.abilities.edit ? course.courseId : null}
              onEdit={edit}
              onSaveNow={() => void autosave.flush()}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card
            title={<h2 className="card-title">{t('lesson.title')}</h2>}
            extra={
              <Typography.Text type="secondary">
                {t('lesson.count', { count: course.lessons.length })}
              </Typography.Text>
            }
          >
            <LessonList courseId={course.courseId} lessons={course.lessons} editable={editable} />
          </Card>
          <div style={{ marginTop: 16 }}>
            <CourseTranslations courseId={course.courseId} editable={editable} />
            <CourseComments courseId={course.courseId} />
          </div>
        </Col>
      </Row>
      {/* 课程考试: whoever may edit the course writes its exam (released with it). */}
      {course.abilities.edit && <CourseExamPanel courseId={course.courseId} />}
      <CourseConflictModal open={conflict} onReload={reload} onOverwrite={overwrite} />
      <Drawer
        open={shareOpen}
        onClose={() => setShareOpen(false)}
        title={t('share.title')}
        size={520}
        destroyOnHidden
      >
        <SharePanel courseId={course.courseId} canManage={course.abilities.share && writable} />
      </Drawer>
    </Flex>
  );
};

export const CourseEditPage = () => {
  const { t } = useTranslation();
  const courseId = Number(useParams().courseId);
  const detail = useCourseDetail(courseId);
  useDocumentTitle(detail.data ? `${t('course.edit.title')} · ${detail.data.title}` : t('course.edit.title'));
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!detail.data) return <CourseLoadError error={detail.error} onRetry={() => void detail.refetch()} />;
  return <CourseEditor key={detail.data.courseId} course={detail.data} />;
};
