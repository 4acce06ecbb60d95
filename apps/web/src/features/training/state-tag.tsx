import type { LearnerTaskState } from '@studio/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLOR: Record<LearnerTaskState, string> = { todo: 'processing', overdue: 'error', done: 'success' };

/** 待完成 / 已逾期 / 已完成. */
export const StateTag = ({ state }: { state: LearnerTaskState }) => {
  const { t } = useTranslation();
  return <Tag color={COLOR[state]}>{t(`training.states.${state}`)}</Tag>;
};
