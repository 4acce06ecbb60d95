import { QueryClientProvider } from '@tanstack/react-query';
import { BRAND_COLOR } from '@studio/contract/constants';
import { App, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setDayjsLanguage } from '../lib/dayjs.ts';
import { setNoticeApi } from '../lib/notice.ts';
import { usePrefersReducedMotion } from '../lib/reduced-motion.ts';
import { queryClient } from '../lib/query-client.ts';

const READABLE_GREYS = {
  colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
  colorTextDescription: 'rgba(0, 0, 0, 0.58)',
  // A select's placeholder is its text until something is picked (全部题型): antd's 0.25 is 1.8:1.
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
};

/**
 * Tag text on its pale background: antd's green, gold and orange tags and its success, warning and
 * error status tags are 1.9–3.4:1; these darker shades of the same hues are 4.5:1 or more. Only tags
 * change (icons, alerts and buttons keep antd's colours).
 */
const READABLE_TAGS = {
  green7: '#237804',
  gold7: '#874d00',
  orange7: '#ad4e00',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
  colorError: '#a8071a',
};

/** The brand's blue a shade darker, for text: 5.4:1 on the #f5f5f5 page background (the brand is 4.3:1 there). */
const BRAND_TEXT = '#1a5fd0';

/**
 * Text in colour that antd draws lighter than WCAG AA's 4.5:1: links and link buttons (antd's info
 * blue #1677ff, 4.1:1, not the brand), the selected tab on the page background, danger buttons'
 * text (#ff4d4f, 3.3:1) and a progress circle's figure once done (#52c41a, 2.3:1). Each changes only
 * in the component that draws it as text (alerts and form errors keep antd's colours).
 */
export const READABLE_TEXT = {
  colorLink: BRAND_TEXT,
  tabSelected: BRAND_TEXT,
  danger: '#cf1322',
  success: READABLE_TAGS.colorSuccess,
};

/** The app's antd theme: the brand seeds it; the readable shades above replace antd's pale ones. */
export const appTheme = (motion: boolean): ThemeConfig => ({
  token: { colorPrimary: BRAND_COLOR, motion, colorLink: READABLE_TEXT.colorLink, ...READABLE_GREYS },
  components: {
    Tag: READABLE_TAGS,
    Tabs: { itemSelectedColor: READABLE_TEXT.tabSelected },
    Button: { colorError: READABLE_TEXT.danger },
    Progress: { colorSuccess: READABLE_TEXT.success },
  },
});

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
  // Menus, popovers and dialogs open without their zoom and slide when the system asks for less
  // motion (WCAG 2.3.3); antd turns every rc-motion off from this one token.
  const motion = !usePrefersReducedMotion();
  // Before the children render: antd's date pickers read dayjs's locale as they draw.
  setDayjsLanguage(i18n.language);
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      // The brand colour is the one theme token (seed §9); everything else derives from it, except the
      // grey of secondary text (antd's 45% black is 3.3:1 on white, WCAG AA asks 4.5:1; 58% is 5.2:1
      // on the #f5f5f5 page background and more on white) and the coloured text of READABLE_TEXT.
      theme={appTheme(motion)}
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
