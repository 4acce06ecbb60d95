import { CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Collapse, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentView } from '../../../components/content-view/content-view.tsx';
import { docText } from '../../../components/content-view/doc-filter.ts';
import { copyText } from '../../../components/copy-text.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { DraftOffer, LessonFields } from './local-draft.ts';

/** A local draft newer than the server's text: restore it, or drop it. */
export const DraftBanner = ({
  offer,
  onRestore,
  onDiscard,
}: {
  offer: DraftOffer;
  onRestore: () => void;
  onDiscard: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      title={t('editor.draft.title')}
      description={t('editor.draft.desc', { time: formatDateTime(offer.draft.savedAt) })}
      action={
        <Flex vertical gap={8}>
          <Button size="small" type="primary" onClick={onRestore}>
            {t('editor.draft.restore')}
          </Button>
          <Button size="small" onClick={onDiscard}>
            {t('editor.draft.discard')}
          </Button>
        </Flex>
      }
    />
  );
};

/** After 重新加载: the text the user had, readable and copyable, until they close it. */
export const MyCopyPanel = ({ copy, onDismiss }: { copy: LessonFields; onDismiss: () => void }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copyAll = async () => {
    if (await copyText(`${copy.title}\n\n${docText(copy.content)}`))
      void message.success(t('editor.myCopy.copied'));
  };
  return (
    <Alert
      type="info"
      showIcon
      closable
      onClose={onDismiss}
      closeIcon={<span aria-label={t('editor.myCopy.dismiss')}>×</span>}
      title={t('editor.myCopy.title')}
      description={
        <Flex vertical gap={8}>
          <span>{t('editor.myCopy.desc')}</span>
          <Collapse
            size="small"
            defaultActiveKey={['copy']}
            items={[
              {
                key: 'copy',
                label: copy.title,
                children: (
                  <div className="my-copy" data-testid="my-copy">
                    <ContentView doc={copy.content} />
                  </div>
                ),
              },
            ]}
          />
          <div>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copyAll()}>
              {t('editor.myCopy.copy')}
            </Button>
          </div>
        </Flex>
      }
    />
  );
};
