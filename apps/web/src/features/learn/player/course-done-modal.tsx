import { SafetyCertificateOutlined, TrophyOutlined } from '@ant-design/icons';
import { WebPaths } from '@studio/contract/constants';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../store/link-button.tsx';

/** The celebration when the last lesson completes the course, with the way to its certificate. */
export const CourseDoneModal = ({
  open,
  title,
  certificateCode,
  onClose,
}: {
  open: boolean;
  title: string;
  certificateCode: string | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} centered title={null}>
      <Flex vertical align="center" gap={12} style={{ textAlign: 'center', padding: '16px 0 4px' }}>
        <TrophyOutlined aria-hidden className="learn-trophy" />
        <h2 style={{ margin: 0, fontSize: 20 }}>{t('learn.player.celebrate')}</h2>
        <Typography.Text type="secondary">{t('learn.player.celebrateDesc', { title })}</Typography.Text>
        <Flex gap={8} wrap justify="center" style={{ marginTop: 8 }}>
          {certificateCode && (
            <LinkButton
              type="primary"
              icon={<SafetyCertificateOutlined aria-hidden />}
              to={WebPaths.certificate(certificateCode)}
            >
              {t('learn.list.certificate')}
            </LinkButton>
          )}
          <LinkButton to={WebPaths.learn}>{t('learn.player.back')}</LinkButton>
          <Button type="text" onClick={onClose}>
            {t('learn.player.celebrateClose')}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
};
