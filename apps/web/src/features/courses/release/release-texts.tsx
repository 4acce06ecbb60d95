import { COURSE_LIMITS } from '@studio/contract/constants';
import { Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A release's two texts: the public 更新说明 (buyers and learners) and the team's 内部备注. */
export type ReleaseTexts = { changelog: string; notes: string };

export const emptyReleaseTexts: ReleaseTexts = { changelog: '', notes: '' };

/** Both texts trimmed, as the API stores them. */
export const trimmedTexts = (texts: ReleaseTexts): ReleaseTexts => ({
  changelog: texts.changelog.trim(),
  notes: texts.notes.trim(),
});

/**
 * The two fields of a release (publishing or rolling back), each saying who reads it: the
 * 更新说明 is shown on the buy page's 更新日志 and in the learner's course, the 内部备注 only in the
 * team's 版本记录.
 */
export const ReleaseTextFields = ({
  idPrefix,
  value,
  onChange,
  disabled,
  changelogHint,
}: {
  idPrefix: string;
  value: ReleaseTexts;
  onChange: (value: ReleaseTexts) => void;
  disabled?: boolean;
  /** What an empty 更新说明 means here (a rollback writes no public line). */
  changelogHint?: string;
}) => {
  const { t } = useTranslation();
  const field = (key: keyof ReleaseTexts, label: string, hint: string, placeholder: string) => (
    <div>
      <label htmlFor={`${idPrefix}-${key}`} style={{ display: 'block', marginBottom: 2 }}>
        {label}
      </label>
      <Typography.Text type="secondary" id={`${idPrefix}-${key}-hint`} style={{ fontSize: 12 }}>
        {hint}
      </Typography.Text>
      <Input.TextArea
        id={`${idPrefix}-${key}`}
        aria-describedby={`${idPrefix}-${key}-hint`}
        value={value[key]}
        onChange={(e) => onChange({ ...value, [key]: e.target.value })}
        maxLength={COURSE_LIMITS.releaseNotesMax}
        showCount
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={placeholder}
        disabled={disabled}
        style={{ marginTop: 6 }}
      />
    </div>
  );
  return (
    <Flex vertical gap={12}>
      {field(
        'changelog',
        t('release.changelog'),
        changelogHint ?? t('release.changelogHint'),
        t('release.changelogPlaceholder'),
      )}
      {field(
        'notes',
        t('release.internalNote'),
        t('release.internalNoteHint'),
        t('release.internalNotePlaceholder'),
      )}
    </Flex>
  );
};

/** The fields with their own state, for a confirm dialog: `onChange` hands each edit out. */
export const ReleaseTextDialogFields = ({
  initial,
  onChange,
  ...rest
}: {
  initial: ReleaseTexts;
  onChange: (value: ReleaseTexts) => void;
  idPrefix: string;
  changelogHint?: string;
}) => {
  const [value, setValue] = useState(initial);
  return (
    <ReleaseTextFields
      {...rest}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
};
