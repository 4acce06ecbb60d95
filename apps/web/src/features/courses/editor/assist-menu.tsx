import { DownOutlined, LoadingOutlined, RobotOutlined, StopOutlined } from '@ant-design/icons';
import { AI_ASSIST_ACTIONS, type AiAssistAction, type AiEstimateRequest } from '@studio/contract';
import { Alert, Button, Dropdown, Flex, Typography } from 'antd';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiGenerator } from '../../ai/ai-api.ts';
import { GeneratorTag } from '../../ai/ai-bits.tsx';
import { budgetUsedUpText, estimateLine, useAiEstimate } from '../../ai/ai-estimate.tsx';
import type { AiAssist } from './use-ai-assist.ts';

type Requests = Partial<Record<AiAssistAction, AiEstimateRequest>>;

/** An action's 预计用量 under its name (the same estimate as the create page's and the translate dialog's). */
const ActionEstimate = ({ request }: { request: AiEstimateRequest | undefined }) => {
  const { t } = useTranslation();
  const { estimate } = useAiEstimate(request ?? null);
  if (!request || estimate.isError) return null;
  const text = estimate.isPending
    ? t('ai.estimate.loading')
    : estimate.data.generator === 'ai' && estimate.data.allowed
      ? estimateLine(t, estimate.data)
      : null;
  return text ? (
    <Typography.Text type="secondary" className="ai-assist-estimate" style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  ) : null;
};

// Keep the selection in the editor while clicking.
const keepSelection = (e: MouseEvent) => e.preventDefault();

/**
 * 「AI 助手」: the four actions, each with its estimate (tokens, money when priced), which generator
 * answers (a model or the template), the budget's refusal when the month is used up, stop while writing.
 */
export const AssistMenu = ({ assist }: { assist: AiAssist }) => {
  const { t } = useTranslation();
  const generator = useAiGenerator();
  // Asked when the menu opens, for the text each action would be sent then (a model's runs only: the
  // template uses no tokens). The budget's refusal is said here, before a click, not after it.
  const [requests, setRequests] = useState<Requests>({});
  const { estimate: first } = useAiEstimate(Object.values(requests)[0] ?? null);
  const usedUp = first.data?.generator === 'ai' && !first.data.allowed ? first.data : null;
  const onOpenChange = (open: boolean) => {
    if (!open || generator.data?.kind !== 'ai') return setRequests({});
    const asked: Requests = {};
    for (const action of AI_ASSIST_ACTIONS) {
      const text = assist.inputOf(action);
      if (text) asked[action] = { kind: 'assist', action, text };
    }
    setRequests(asked);
  };

  if (assist.running) {
    return (
      <Flex align="center" gap={6} className="ai-assist-running">
        <Typography.Text type="secondary" role="status" style={{ fontSize: 13 }}>
          <LoadingOutlined />{' '}
          {t('editor.assist.writing', { action: t(`editor.assist.actions.${assist.running}`) })}
        </Typography.Text>
        <Button size="small" danger icon={<StopOutlined />} onMouseDown={keepSelection} onClick={assist.stop}>
          {t('editor.assist.stop')}
        </Button>
      </Flex>
    );
  }

  return (
    <Dropdown
      trigger={['click']}
      onOpenChange={onOpenChange}
      menu={{
        className: 'ai-assist-menu',
        items: [
          {
            type: 'group',
            label: (
              <Flex vertical gap={4} className="ai-assist-menu-head">
                {/* The tag's line is there before the answer too: the items must not move under the
                    pointer when it arrives. */}
                <span className="ai-assist-generator">
                  {generator.data && <GeneratorTag generator={generator.data} />}
                </span>
                <span>{t('editor.assist.scope')}</span>
                {usedUp && <Alert type="error" showIcon title={budgetUsedUpText(usedUp)} />}
              </Flex>
            ),
            children: AI_ASSIST_ACTIONS.map((action) => ({
              key: action,
              disabled: Boolean(usedUp),
              label: (
                <Flex vertical>
                  <span>{t(`editor.assist.actions.${action}`)}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`editor.assist.actionHelp.${action}`)}
                  </Typography.Text>
                  <ActionEstimate request={requests[action]} />
                </Flex>
              ),
            })),
          },
        ],
        onClick: ({ key }) => {
          const action = AI_ASSIST_ACTIONS.find((a) => a === key);
          if (action && !usedUp) assist.run(action);
        },
      }}
    >
      <Button size="small" type="text" icon={<RobotOutlined />} onMouseDown={keepSelection}>
        {t('editor.assist.button')} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
};
