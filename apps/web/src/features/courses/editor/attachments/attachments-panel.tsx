/**
 * 附件 in the lesson editor: upload (progress shown), list, rename, delete, move up/down. The draft's
 * list; learners get it with the next release. The server judges each file by its bytes and says why
 * it refuses one (type, size, quota), shown here under the button.
 */
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { ATTACHMENT_ACCEPT, ATTACHMENT_LIMITS, type Attachment } from '@studio/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Input, Modal, Popconfirm, Progress, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../../screens/attachment-list.tsx';
import { attachmentKeys, attachmentsApi } from '../../../attachments/attachments-api.ts';
import { useTeamId } from '../../../../lib/current-team.ts';
import { uploadAttachment, type CreateAttachmentTus } from './attachment-upload.ts';
import './attachments-panel.css';

const RenameDialog = ({
  attachment,
  onClose,
}: {
  attachment: Attachment | null;
  onClose: (renamed?: Attachment) => void;
}) => {
  const { t } = useTranslation();
  const [name, setName] = useState(attachment?.name ?? '');
  const rename = useMutation({
    mutationFn: () => attachmentsApi.rename(attachment!.attachmentId, name.trim()),
    onSuccess: (renamed) => onClose(renamed),
  });
  return (
    <Modal
      open={attachment !== null}
      title={t('attachments.renameTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: name.trim() === '', loading: rename.isPending }}
      onOk={() => rename.mutate()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Input
        aria-label={t('attachments.nameLabel')}
        value={name}
        maxLength={ATTACHMENT_LIMITS.nameMax}
        onChange={(e) => setName(e.target.value)}
        onPressEnter={() => name.trim() && rename.mutate()}
      />
    </Modal>
  );
};

export const AttachmentsPanel = ({
  lessonId,
  editable,
  createTus,
}: {
  lessonId: number;
  editable: boolean;
  /** A test's stand-in for tus-js-client's Upload. */
  createTus?: CreateAttachmentTus;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const key = attachmentKeys.draft(teamId, lessonId);
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [renaming, setRenaming] = useState<Attachment | null>(null);
  const { data } = useQuery({ queryKey: key, queryFn: () => attachmentsApi.list(lessonId) });
  const list = data?.list ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const upload = useMutation({
    mutationFn: async (file: File) => {
      setProgress({ name: file.name, percent: 0 });
      const onProgress = (percent: number) => setProgress({ name: file.name, percent });
      await uploadAttachment(file, { lessonId, teamId: teamId ?? 0 }, onProgress, createTus);
      return file.name;
    },
    onSuccess: async (name) => {
      // Listed once the server has stored it whole (under the name as the server cleaned it).
      await refresh();
      void message.success(t('attachments.uploaded', { name }));
    },
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({
    mutationFn: (attachmentId: number) => attachmentsApi.remove(attachmentId),
    onSuccess: () => {
      void message.success(t('attachments.removed'));
      void refresh();
    },
  });
  const reorder = useMutation({
    mutationFn: (ids: number[]) => attachmentsApi.reorder(lessonId, ids),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = list.map((a) => a.attachmentId);
    [ids[index], ids[index + by]] = [ids[index + by]!, ids[index]!];
    reorder.mutate(ids);
  };
  const full = list.length >= ATTACHMENT_LIMITS.perLesson;

  return (
    <Card
      size="small"
      className="lesson-editor-card"
      title={
        <Flex align="center" gap={8}>
          <PaperClipOutlined aria-hidden />
          {t('attachments.title')}
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('attachments.hint')}</Typography.Text>
        {editable && (
          <Flex gap={8} wrap align="center">
            <input
              ref={input}
              type="file"
              accept={ATTACHMENT_ACCEPT}
              hidden
              data-testid="attachment-file"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) upload.mutate(file);
              }}
            />
            <Button
              icon={<UploadOutlined aria-hidden />}
              loading={upload.isPending}
              disabled={full}
              onClick={() => input.current?.click()}
            >
              {t('attachments.upload')}
            </Button>
          </Flex>
        )}
        {progress && (
          <div role="status">
            <Typography.Text>{t('attachments.uploading', { name: progress.name })}</Typography.Text>
            <Progress
              percent={progress.percent}
              size="small"
              aria-label={t('attachments.uploading', { name: progress.name })}
            />
          </div>
        )}
        {upload.error && !progress && !upload.isPending && (
          <Alert type="error" showIcon role="alert" title={upload.error.message} />
        )}
        {list.length === 0 ? (
          <Typography.Text type="secondary">{t('attachments.empty')}</Typography.Text>
        ) : (
          <ul className="lesson-attachments" aria-label={t('attachments.listLabel')}>
            {list.map((a, index) => (
              <li key={a.attachmentId} className="lesson-attachment">
                <span className="lesson-attachment-name">{a.name}</span>
                <Typography.Text type="secondary" className="lesson-attachment-meta">
                  {t(`attachments.kind.${a.kind}`)} · {formatBytes(a.sizeBytes)}
                </Typography.Text>
                {editable && (
                  <Flex gap={4} wrap>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined aria-hidden />}
                      aria-label={`${t('attachments.moveUp')} ${a.name}`}
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined aria-hidden />}
                      aria-label={`${t('attachments.moveDown')} ${a.name}`}
                      disabled={index === list.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<EditOutlined aria-hidden />}
                      aria-label={`${t('attachments.rename')} ${a.name}`}
                      onClick={() => setRenaming(a)}
                    />
                    <Popconfirm
                      title={t('attachments.removeConfirm', { name: a.name })}
                      okText={t('attachments.remove')}
                      cancelText={t('common.cancel')}
                      onConfirm={() => remove.mutate(a.attachmentId)}
                    >
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`${t('attachments.remove')} ${a.name}`}
                      />
                    </Popconfirm>
                  </Flex>
                )}
              </li>
            ))}
          </ul>
        )}
      </Flex>
      {renaming && (
        <RenameDialog
          key={renaming.attachmentId}
          attachment={renaming}
          onClose={(renamed) => {
            setRenaming(null);
            if (renamed) void refresh();
          }}
        />
      )}
    </Card>
  );
};
