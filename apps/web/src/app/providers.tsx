import { QueryClientProvider } from '@tanstack/react-query';
import { BRAND_COLOR } from '@studio/contract/constants';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setNoticeApi } from '../lib/notice.ts';
import { queryClient } from '../lib/query-client.ts';

/** Hands antd's App-bound notification API to the request client, which lives outside React. */
const NoticeBridge = () => {
  const { notification } = App.useApp();
  useEffect(() => {
    setNoticeApi(notification);
    return () => setNoticeApi(null);
  }, [notification]);
  return null;
};

export const Providers = ({ children }: { children: ReactNode }) => {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      // The brand colour is the one theme token (seed §9); everything else derives from it.
      theme={{ token: { colorPrimary: BRAND_COLOR } }}
      // antd would render 登录 as "登 录"; keep the text exactly as written (and as tests find it).
      button={{ autoInsertSpace: false }}
    >
      <App>
        <NoticeBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </App>
    </ConfigProvider>
  );
};
