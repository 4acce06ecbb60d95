import { COURSE_LIMITS } from '@studio/contract/constants';
import type { LessonSummary } from '@studio/contract';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** 重命名课时: one field, validated as the server will (1–60 characters). */
export const RenameLessonModal = ({
  lesson,
  onClose,
  onRename,
}: {
  lesson: LessonSummary | null;
  onClose: () => void;
  onRename: (lesson: LessonSummary, title: string) => Promise<void>;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ title: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!lesson) return;
    let title: string;
    try {
      ({ title } = await form.validateFields());
    } catch {
      // An empty or too long title: the field shows the rule; nothing to send.
      return;
    }
    setBusy(true);
    try {
      await onRename(lesson, title);
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={lesson !== null}
      title={t('lesson.renameTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form
        key={lesson?.lessonId}
        form={form}
        layout="vertical"
        initialValues={{ title: lesson?.title ?? '' }}
        onFinish={() => void submit()}
        preserve={false}
      >
        <Form.Item
          name="title"
          label={t('editor.fieldTitle')}
          rules={[
            { required: true, whitespace: true, message: t('lesson.titleRule') },
            { max: COURSE_LIMITS.lessonTitleMax, message: t('lesson.titleRule') },
          ]}
        >
          <Input autoFocus maxLength={COURSE_LIMITS.lessonTitleMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
