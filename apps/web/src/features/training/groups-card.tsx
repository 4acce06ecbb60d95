import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { TRAINING_LIMITS, type TrainingGroup } from '@studio/contract';
import {
  App,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  List,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshTraining, trainingApi, useGroups, useTeamMembers } from './training-api.ts';

/** One group: its members as tags (closable to remove), a picker to add more, rename and delete. */
const GroupRow = ({ group, writable }: { group: TrainingGroup; writable: boolean }) => {
  const { t } = useTranslation();
  const members = useTeamMembers(writable);
  const [adding, setAdding] = useState<number[]>([]);
  const [renaming, setRenaming] = useState<string | null>(null);
  const inGroup = new Set(group.members.map((m) => m.userId));
  const options = (members.data ?? [])
    .filter((m) => !inGroup.has(m.userId))
    .map((m) => ({ value: m.userId, label: m.nickName }));

  const add = async () => {
    await trainingApi.addMembers(group.groupId, adding);
    setAdding([]);
    await refreshTraining();
  };
  const rename = async () => {
    await trainingApi.renameGroup(group.groupId, renaming!.trim());
    setRenaming(null);
    await refreshTraining();
  };

  return (
    <List.Item
      actions={
        writable
          ? [
              <Button
                key="rename"
                type="link"
                icon={<EditOutlined aria-hidden />}
                onClick={() => setRenaming(group.name)}
              >
                {t('training.groups.rename')}
              </Button>,
              <Popconfirm
                key="remove"
                title={t('training.groups.removeConfirm', { name: group.name })}
                onConfirm={async () => {
                  await trainingApi.removeGroup(group.groupId);
                  await refreshTraining();
                }}
              >
                <Button type="link" danger icon={<DeleteOutlined aria-hidden />}>
                  {t('training.groups.remove')}
                </Button>
              </Popconfirm>,
            ]
          : []
      }
    >
      <Flex vertical gap={8} style={{ width: '100%' }} data-testid={`group-${group.name}`}>
        <Space>
          <Typography.Text strong>{group.name}</Typography.Text>
          <Typography.Text type="secondary">
            {t('training.groups.memberCount', { count: group.members.length })}
          </Typography.Text>
        </Space>
        <Flex gap={4} wrap>
          {group.members.length === 0 && (
            <Typography.Text type="secondary">{t('training.groups.noMembers')}</Typography.Text>
          )}
          {group.members.map((m) => (
            <Tag
              key={m.userId}
              closable={writable}
              closeIcon={writable ? undefined : false}
              onClose={async (e) => {
                e.preventDefault();
                await trainingApi.removeMembers(group.groupId, [m.userId]);
                await refreshTraining();
              }}
              aria-label={m.nickName}
            >
              {m.nickName}
            </Tag>
          ))}
        </Flex>
        {writable && (
          <Space.Compact style={{ maxWidth: 480 }}>
            <Select
              mode="multiple"
              style={{ minWidth: 260 }}
              placeholder={t('training.groups.addPlaceholder')}
              aria-label={t('training.groups.addPlaceholder')}
              value={adding}
              onChange={setAdding}
              options={options}
              optionFilterProp="label"
            />
            <Button
              icon={<PlusOutlined aria-hidden />}
              disabled={adding.length === 0}
              onClick={() => void add()}
            >
              {t('training.groups.addMembers')}
            </Button>
          </Space.Compact>
        )}
      </Flex>
      <Modal
        open={renaming !== null}
        title={t('training.groups.renameTitle')}
        onCancel={() => setRenaming(null)}
        onOk={() => void rename()}
        okButtonProps={{ disabled: !renaming?.trim() }}
      >
        <Input
          aria-label={t('training.groups.nameLabel')}
          value={renaming ?? ''}
          maxLength={TRAINING_LIMITS.groupNameMax}
          onChange={(e) => setRenaming(e.target.value)}
        />
      </Modal>
    </List.Item>
  );
};

/** 成员分组, in the team centre for OWNER/ADMIN: make groups (销售部) and put members in them. */
export const GroupsCard = ({ writable }: { writable: boolean }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const groups = useGroups();
  const [name, setName] = useState('');

  const create = async () => {
    const group = await trainingApi.createGroup(name.trim());
    setName('');
    void message.success(t('training.groups.created', { name: group.name }));
    await refreshTraining();
  };

  return (
    <Card title={t('training.groups.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('training.groups.desc')}</Typography.Text>
        {writable && (
          <Space.Compact style={{ maxWidth: 420 }}>
            <Input
              aria-label={t('training.groups.nameLabel')}
              placeholder={t('training.groups.namePlaceholder')}
              value={name}
              maxLength={TRAINING_LIMITS.groupNameMax}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={() => name.trim() && void create()}
            />
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              disabled={!name.trim()}
              onClick={() => void create()}
            >
              {t('training.groups.create')}
            </Button>
          </Space.Compact>
        )}
        <List
          loading={groups.isPending}
          dataSource={groups.data ?? []}
          rowKey="groupId"
          locale={{ emptyText: <Empty description={t('training.groups.empty')} /> }}
          renderItem={(group) => <GroupRow group={group} writable={writable} />}
        />
      </Flex>
    </Card>
  );
};
