import { DownloadOutlined } from '@ant-design/icons';
import type { LearnReportQuery } from '@studio/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { localDate, saveFile } from '../../../lib/save-file.ts';
import { learnApi } from '../learn-api.ts';

/**
 * 导出 CSV: the whole report with the filters and sort on screen. Fetched through the request
 * client (it needs the token header) and saved as 学习报告-yyyy-mm-dd.csv; a failure shows the
 * client's notice.
 */
export const ExportCsvButton = ({ query }: { query: LearnReportQuery }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const exportCsv = useMutation({
    mutationFn: () => learnApi.reportCsv(query),
    onSuccess: (file) => {
      saveFile(file, t('learn.report.csvName', { date: localDate() }));
      void message.success(t('learn.report.exported'));
    },
  });
  return (
    <Button
      icon={<DownloadOutlined aria-hidden />}
      loading={exportCsv.isPending}
      onClick={() => exportCsv.mutate()}
    >
      {t('learn.report.export')}
    </Button>
  );
};
