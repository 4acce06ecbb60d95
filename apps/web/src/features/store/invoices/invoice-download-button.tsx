import { DownloadOutlined } from '@ant-design/icons';
import type { Invoice } from '@studio/contract';
import { App, Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../lib/save-file.ts';
import { invoiceApi } from './invoice-api.ts';

/** 下载发票: the issued PDF, saved as 发票-<order no>.pdf; a failure shows the client's notice. */
export const InvoiceDownloadButton = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const download = useMutation({
    mutationFn: () => invoiceApi.download(invoice.invoiceId),
    onSuccess: (file) => {
      saveFile(file, t('store.invoice.fileName', { no: invoice.orderNo, id: invoice.invoiceId }));
      void message.success(t('store.invoice.downloaded'));
    },
  });
  return (
    <Button
      size="small"
      icon={<DownloadOutlined aria-hidden />}
      loading={download.isPending}
      onClick={() => download.mutate()}
      aria-label={t('store.invoice.downloadAction', { no: invoice.orderNo, team: invoice.sellerTeamName })}
    >
      {t('store.invoice.download')}
    </Button>
  );
};
