import { DownloadOutlined } from '@ant-design/icons';
import type { ExportFormat } from '@studio/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { localDate, saveFile } from '../lib/save-file.ts';

/**
 * 导出 Excel / 导出 CSV: the report on screen as a file, fetched through the request client (it
 * needs the token header) and saved as `<name>-yyyy-mm-dd.<format>`.
 */
export const ExportButtons = ({
  name,
  download,
}: {
  name: string;
  download: (format: ExportFormat) => Promise<Blob>;
}) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useMutation({
    mutationFn: async (format: ExportFormat) => ({ format, file: await download(format) }),
    onSuccess: ({ format, file }) => {
      saveFile(file, `${name}-${localDate()}.${format}`);
      void message.success(t('common.exported'));
    },
  });
  return (
    <Space wrap>
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          icon={<DownloadOutlined aria-hidden />}
          loading={save.isPending && save.variables === format}
          onClick={() => save.mutate(format)}
        >
          {t(format === 'xlsx' ? 'common.exportXlsx' : 'common.exportCsv')}
        </Button>
      ))}
    </Space>
  );
};
