import { useQueryClient } from '@tanstack/react-query';
import { Modal, Select, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { aiApi, aiKeys } from './ai-api.ts';
import { AiEstimateNote } from './ai-estimate.tsx';

/** A language tag as a person reads it ("ja-JP" → 日语（日本）), in the page's language; else the tag. */
export function languageName(tag: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * AI 翻译: the target language, then a new draft course written lesson by lesson on the progress page.
 * A refusal (no AI service: 未配置 AI 服务，无法翻译) is said by the request client and the dialog stays.
 */
export const TranslateDialog = ({
  courseId,
  languages,
  open,
  onClose,
}: {
  courseId: number;
  languages: string[];
  open: boolean;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [allowed, setAllowed] = useState(true);
  const onAllowed = useCallback((ok: boolean) => setAllowed(ok), []);
  const start = async () => {
    if (!language) return;
    setBusy(true);
    try {
      const job = await aiApi.translate({ courseId, language });
      void queryClient.invalidateQueries({ queryKey: aiKeys.all });
      onClose();
      await navigate(WebPaths.aiProgress(job.jobId));
    } catch {
      // The request client has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('ai.translate.title')}
      okText={t('ai.translate.start')}
      okButtonProps={{ disabled: !language || !allowed, loading: busy }}
      onOk={() => void start()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('ai.translate.desc')}</Typography.Paragraph>
      <label htmlFor="translate-language">{t('ai.translate.language')}</label>
      <Select
        id="translate-language"
        style={{ width: '100%', marginTop: 8 }}
        placeholder={t('ai.translate.languagePlaceholder')}
        value={language}
        onChange={setLanguage}
        options={languages.map((tag) => ({
          value: tag,
          label: `${languageName(tag, i18n.language)} (${tag})`,
        }))}
      />
      <div style={{ marginTop: 12 }}>
        <AiEstimateNote
          request={language ? { kind: 'translate', courseId, language } : null}
          onAllowed={onAllowed}
        />
      </div>
    </Modal>
  );
};
