import { WebPaths } from '@studio/contract/constants';
import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../store/link-button.tsx';

/** 无权查看: a MEMBER who opened 题库 or 考试管理 by its address; nothing is asked of the server. */
export const ManageForbidden = () => {
  const { t } = useTranslation();
  return (
    <Card>
      <Result
        status="403"
        title={t('errors.forbidden')}
        extra={
          <LinkButton type="primary" to={WebPaths.exams}>
            {t('exams.attempt.back')}
          </LinkButton>
        }
      />
    </Card>
  );
};
