import { DownOutlined, LoadingOutlined, RobotOutlined, StopOutlined } from '@ant-design/icons';
import { AI_ASSIST_ACTIONS } from '@studio/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Flex, Typography } from 'antd';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { aiApi, aiKeys } from '../../ai/ai-api.ts';
import { GeneratorTag } from '../../ai/ai-bits.tsx';
import type { AiAssist } from './use-ai-assist.ts';

// Keep the selection in the editor while clicking.
const keepSelection = (e: MouseEvent) => e.preventDefault();

/** 「AI 助手」: the four actions, which generator answers (a model or the template), stop while writing. */
export const AssistMenu = ({ assist }: { assist: AiAssist }) => {
  const { t } = useTranslation();
  const generator = useQuery({ queryKey: aiKeys.generator, queryFn: aiApi.generator, staleTime: 60_000 });

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
              </Flex>
            ),
            children: AI_ASSIST_ACTIONS.map((action) => ({
              key: action,
              label: (
                <Flex vertical>
                  <span>{t(`editor.assist.actions.${action}`)}</span>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t(`editor.assist.actionHelp.${action}`)}
                  </Typography.Text>
                </Flex>
              ),
            })),
          },
        ],
        onClick: ({ key }) => {
          const action = AI_ASSIST_ACTIONS.find((a) => a === key);
          if (action) assist.run(action);
        },
      }}
    >
      <Button size="small" type="text" icon={<RobotOutlined />} onMouseDown={keepSelection}>
        {t('editor.assist.button')} <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
};
