import { RobotOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useTeamWritable } from '../../lib/current-team.ts';
import { JobHistory } from './job-history.tsx';
import './ai.css';

/** /ai: what AI course creation does, the start button, and the team's history of jobs. */
export const AiHomePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const writable = useTeamWritable();
  useDocumentTitle(t('ai.title'));
  return (
    <Flex vertical gap={16}>
      <Card className="ai-hero">
        <Flex gap={16} align="center" justify="space-between" wrap>
          <div style={{ minWidth: 0, flex: '1 1 320px' }}>
            <h1 className="ai-page-title">
              <RobotOutlined /> {t('ai.title')}
            </h1>
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {t('ai.intro')}
            </Typography.Paragraph>
          </div>
          <Button
            type="primary"
            size="large"
            icon={<RobotOutlined />}
            disabled={!writable}
            onClick={() => void navigate(WebPaths.aiCreate)}
          >
            {t('ai.start')}
          </Button>
        </Flex>
      </Card>
      <JobHistory />
    </Flex>
  );
};
