import { COURSE_LIMITS } from '@studio/contract';
import { EditOutlined } from '@ant-design/icons';
import { Flex, Input, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { NumberInput } from '../../../components/number-input.tsx';

export interface LessonMeta {
  title: string;
  durationMin: number;
  freePreview: boolean;
}

/** The lesson's title, estimated duration and free-preview flag. */
export const LessonMetaFields = ({
  meta,
  disabled,
  onChange,
}: {
  meta: LessonMeta;
  disabled: boolean;
  onChange: (patch: Partial<LessonMeta>) => void;
}) => {
  const { t } = useTranslation();
  const titleEmpty = meta.title.trim() === '';
  return (
    <Flex vertical gap={12}>
      <Input
        className="lesson-title-input"
        size="large"
        // Underlined with a pencil while editable, so the title reads as a field, not a heading.
        variant={disabled ? 'borderless' : 'underlined'}
        suffix={disabled ? undefined : <EditOutlined aria-hidden className="lesson-title-pencil" />}
        value={meta.title}
        maxLength={COURSE_LIMITS.lessonTitleMax}
        placeholder={t('editor.titlePlaceholder')}
        aria-label={t('editor.fieldTitle')}
        status={titleEmpty ? 'error' : undefined}
        disabled={disabled}
        onChange={(e) => onChange({ title: e.target.value })}
      />
      {titleEmpty && <span className="lesson-field-error">{t('lesson.titleRule')}</span>}
      <Flex gap={24} wrap align="center">
        <label className="lesson-meta-field">
          <span>{t('editor.duration')}</span>
          <NumberInput
            min={0}
            max={600}
            precision={0}
            value={meta.durationMin}
            disabled={disabled}
            aria-label={t('editor.duration')}
            onChange={(value) => onChange({ durationMin: value ?? 0 })}
            style={{ width: 96 }}
          />
        </label>
        <Tooltip title={t('editor.freePreviewHelp')}>
          <label className="lesson-meta-field">
            <Switch
              checked={meta.freePreview}
              disabled={disabled}
              aria-label={t('editor.freePreview')}
              onChange={(freePreview) => onChange({ freePreview })}
            />
            <span>{t('editor.freePreview')}</span>
          </label>
        </Tooltip>
      </Flex>
    </Flex>
  );
};
