import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Code } from '@studio/contract/constants';
import type { QuestionImportErrors } from '@studio/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Space, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { localDate, saveFile } from '../../lib/save-file.ts';
import { bankApi, useExamOwner } from './exam-owner.ts';
import { examKeys } from './exams-api.ts';

/**
 * 导入 (with the template's download) and 导出 of the screen's owner (the team's bank or a course's):
 * an invalid file's rows are listed under the buttons.
 */
export const QuestionImport = () => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const bank = bankApi(useExamOwner());
  const [failure, setFailure] = useState<{ msg: string; rows: QuestionImportErrors['rows'] } | null>(null);
  const upload = useMutation({
    mutationFn: (file: File) => bank.importQuestions(file, file.name),
    onMutate: () => setFailure(null),
    onSuccess: (r) => {
      void message.success(t('exams.bank.imported', { count: r.imported }));
      void queryClient.invalidateQueries({ queryKey: examKeys.all });
    },
    onError: (err) => {
      const rows =
        isApiError(err) && err.code === Code.EXAM_IMPORT_INVALID
          ? (err.data as QuestionImportErrors).rows
          : [];
      setFailure({ msg: err.message, rows });
    },
  });
  const template = useMutation({
    mutationFn: bank.template,
    onSuccess: (file) => saveFile(file, t('exams.bank.templateName')),
  });
  const exportAll = useMutation({
    mutationFn: bank.exportQuestions,
    onSuccess: (file) => {
      saveFile(file, t('exams.bank.fileName', { date: localDate() }));
      void message.success(t('exams.bank.exported'));
    },
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
            {t('exams.bank.import')}
          </Button>
        </Upload>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={template.isPending}
          onClick={() => template.mutate()}
        >
          {t('exams.bank.template')}
        </Button>
        <Button
          icon={<DownloadOutlined aria-hidden />}
          loading={exportAll.isPending}
          onClick={() => exportAll.mutate()}
        >
          {t('exams.bank.export')}
        </Button>
      </Space>
      <span style={{ color: 'var(--ant-color-text-secondary, #666)' }}>{t('exams.bank.importHint')}</span>
      {failure && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setFailure(null)}
          message={failure.msg}
          description={
            failure.rows.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {failure.rows.map((r) => (
                  <li key={r.row}>{t('exams.bank.rowError', { row: r.row, message: r.message })}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
    </Space>
  );
};
