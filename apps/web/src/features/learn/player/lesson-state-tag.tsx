import type { LessonLearnState } from '@studio/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LessonLearnState, string | undefined> = {
  not_started: undefined,
  in_progress: 'blue',
  completed: 'green',
  updated: 'orange',
};

/** 未开始 / 学习中 / 已完成 / 已更新 (completed, then changed by a later release). */
export const LessonStateTag = ({ state }: { state: LessonLearnState }) => {
  const { t } = useTranslation();
  const tag = (
    <Tag color={COLORS[state]} variant="filled" className="learn-state-tag">
      {t(`learn.player.state.${state}`)}
    </Tag>
  );
  return state === 'updated' ? <Tooltip title={t('learn.player.updatedHint')}>{tag}</Tooltip> : tag;
};
