import { ArrowLeftOutlined, RobotOutlined } from '@ant-design/icons';
import { AI_LIMITS, aiCreateBody, type AiCreateRequest, type AiDocument } from '@studio/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Radio, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { currentLang } from '../../lib/i18n/index.ts';
import { zodRule } from '../../lib/zod-rule.ts';
import { aiApi, aiKeys, useAiGenerator } from './ai-api.ts';
import { GeneratorNotice } from './ai-bits.tsx';
import { DocumentUpload } from './document-upload.tsx';
import { AiEstimateNote } from './ai-estimate.tsx';
import { useTeamWritable } from '../../lib/current-team.ts';
import './ai.css';
import { NumberInput } from '../../components/number-input.tsx';

const LEVELS = aiCreateBody.shape.level.unwrap().options;
const LANGUAGES = aiCreateBody.shape.language.unwrap().options;
const TONES = aiCreateBody.shape.tone.unwrap().options;
const shape = aiCreateBody.shape;

/** Says up front whether a model or the built-in template (not AI) will write the course. */
const GeneratorHint = ({ fromDocument }: { fromDocument: boolean }) => {
  const generator = useAiGenerator();
  return generator.data ? <GeneratorNotice generator={generator.data} fromDocument={fromDocument} /> : null;
};

/** /ai/create: what the course is about; starting writes the outline and opens its progress page. */
export const AiCreatePage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const writable = useTeamWritable();
  const [form] = Form.useForm<AiCreateRequest>();
  const [busy, setBusy] = useState(false);
  const [document, setDocument] = useState<AiDocument | null>(null);
  const [allowed, setAllowed] = useState(true);
  const onAllowed = useCallback((ok: boolean) => setAllowed(ok), []);
  useDocumentTitle(t('ai.create.title'));
  // What the estimate is asked for: the form as it would be sent, once it would be valid.
  const values = Form.useWatch([], form) as Partial<AiCreateRequest> | undefined;
  const asked = aiCreateBody.safeParse({ ...values, documentId: document?.documentId });

  const finish = async (values: AiCreateRequest) => {
    const body = aiCreateBody.safeParse({ ...values, documentId: document?.documentId });
    if (!body.success) return;
    setBusy(true);
    try {
      const job = await aiApi.create(body.data);
      void queryClient.invalidateQueries({ queryKey: aiKeys.all });
      void navigate(WebPaths.aiProgress(job.jobId));
    } catch {
      // Shown by the request client; a 400 names the field.
      setBusy(false);
    }
  };

  const initialValues: Partial<AiCreateRequest> = {
    level: 'beginner',
    lessonCount: 5,
    language: currentLang(),
    tone: 'friendly',
  };

  return (
    <Flex vertical gap={16} className="ai-narrow">
      <Link to={WebPaths.ai}>
        <ArrowLeftOutlined /> {t('ai.create.back')}
      </Link>
      <Card title={<h1 className="ai-card-title">{t('ai.create.title')}</h1>}>
        <Flex vertical gap={16}>
          <Typography.Text type="secondary">{t('ai.create.desc')}</Typography.Text>
          <GeneratorHint fromDocument={Boolean(document)} />
          <DocumentUpload
            document={document}
            disabled={!writable}
            onChange={(d) => {
              setDocument(d);
              // The document's name is a good topic to start from.
              if (d && !form.getFieldValue('topic'))
                form.setFieldValue('topic', d.name.replace(/\.[^.]+$/, '').slice(0, AI_LIMITS.topicMax));
            }}
          />
          <Form
            form={form}
            name="ai-create"
            layout="vertical"
            requiredMark={false}
            initialValues={initialValues}
            onFinish={(v) => void finish(v)}
          >
            <Form.Item
              name="topic"
              label={t('ai.create.topic')}
              rules={[zodRule(shape.topic, t('ai.validation.topic'))]}
            >
              <Input maxLength={AI_LIMITS.topicMax} showCount placeholder={t('ai.create.topicPlaceholder')} />
            </Form.Item>
            <Form.Item
              name="audience"
              label={t('ai.create.audience')}
              rules={[zodRule(shape.audience, t('ai.validation.audience'))]}
            >
              <Input maxLength={60} placeholder={t('ai.create.audiencePlaceholder')} />
            </Form.Item>
            <Flex gap={16} wrap>
              <Form.Item name="level" label={t('ai.create.level')} className="ai-field">
                <Radio.Group
                  optionType="button"
                  options={LEVELS.map((v) => ({ value: v, label: t(`ai.create.levels.${v}`) }))}
                />
              </Form.Item>
              <Form.Item
                name="lessonCount"
                label={t('ai.create.lessonCount')}
                extra={
                  document
                    ? t('ai.create.documentLessons', { max: AI_LIMITS.lessonsMax })
                    : t('ai.create.lessonCountHelp', { min: AI_LIMITS.lessonsMin, max: AI_LIMITS.lessonsMax })
                }
                rules={[zodRule(shape.lessonCount, t('ai.validation.lessonCount'))]}
                className="ai-field"
              >
                <NumberInput
                  min={AI_LIMITS.lessonsMin}
                  max={AI_LIMITS.lessonsMax}
                  precision={0}
                  disabled={Boolean(document)}
                />
              </Form.Item>
            </Flex>
            <Flex gap={16} wrap>
              <Form.Item name="language" label={t('ai.create.language')} className="ai-field">
                <Radio.Group
                  optionType="button"
                  options={LANGUAGES.map((v) => ({ value: v, label: t(`ai.create.languages.${v}`) }))}
                />
              </Form.Item>
              <Form.Item name="tone" label={t('ai.create.tone')} className="ai-field">
                <Radio.Group
                  optionType="button"
                  options={TONES.map((v) => ({ value: v, label: t(`ai.create.tones.${v}`) }))}
                />
              </Form.Item>
            </Flex>
            <Form.Item
              name="reference"
              label={t('ai.create.reference')}
              extra={t('ai.create.referenceHelp', { max: AI_LIMITS.referenceMax })}
              rules={[zodRule(shape.reference, t('ai.validation.reference'))]}
            >
              <Input.TextArea
                autoSize={{ minRows: 4, maxRows: 12 }}
                count={{ show: true, max: AI_LIMITS.referenceMax, strategy: (v) => v.length }}
                placeholder={t('ai.create.referencePlaceholder')}
              />
            </Form.Item>
            <div style={{ marginBottom: 12 }}>
              <AiEstimateNote
                request={asked.success ? { kind: 'create', ...asked.data } : null}
                onAllowed={onAllowed}
              />
            </div>
            <Button
              type="primary"
              htmlType="submit"
              size="large"
              block
              icon={<RobotOutlined />}
              loading={busy}
              disabled={!writable || !allowed}
            >
              {t('ai.create.submit')}
            </Button>
          </Form>
        </Flex>
      </Card>
    </Flex>
  );
};
