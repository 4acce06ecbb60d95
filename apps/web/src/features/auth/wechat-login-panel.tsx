import { ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '@studio/contract/constants';
import { fetchWechatQr, fetchWechatStatus, simulatorHere, wxAuthPath } from './auth-api.ts';
import { WECHAT_REDIRECT_KEY, WECHAT_STATE_KEY } from './wechat-keys.ts';

/** How often the page asks whether the phone confirmed. */
export const WECHAT_POLL_MS = 1500;

/**
 * WeChat QR login. 'simulator': the built-in simulator's page as a QR code (scan with a phone) and a
 * button to open it here. 'open': WeChat's own QR page, so the window goes there. Both come back
 * through /wxAuth with `code` and `state`: WeChat's page redirects this window; with the simulator a
 * phone confirms on another device, so this page asks the login's status until it is confirmed and
 * then goes to /wxAuth itself.
 */
export const WechatLoginPanel = () => {
  const { t } = useTranslation();
  const qr = useQuery({ queryKey: ['wechat-qr'], queryFn: fetchWechatQr, staleTime: 0, gcTime: 0 });
  const data = qr.data;
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const navigate = useNavigate();
  const simulated = data?.mode === 'simulator' ? data.state : null;
  const status = useQuery({
    queryKey: ['wechat-status', simulated],
    queryFn: () => fetchWechatStatus(simulated!),
    enabled: simulated !== null,
    gcTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? WECHAT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const confirmed = status.data?.status === 'confirmed' ? status.data.code : null;
  const expired = status.data?.status === 'expired';

  useEffect(() => {
    if (confirmed && simulated) void navigate(wxAuthPath(confirmed, simulated), { replace: true });
  }, [confirmed, simulated, navigate]);

  useEffect(() => {
    if (!data) return;
    sessionStorage.setItem(WECHAT_STATE_KEY, data.state);
    // The WeChat round trip loses the query string; /wxAuth picks the page asked for up from here.
    if (redirect) sessionStorage.setItem(WECHAT_REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(WECHAT_REDIRECT_KEY);
    if (data.mode === 'open') window.location.assign(data.qrUrl);
  }, [data, redirect]);

  if (qr.isPending) return <Skeleton.Node active style={{ width: 200, height: 200 }} />;
  if (qr.isError || !data) {
    return (
      <Result
        status="warning"
        title={t('auth.qrFailed')}
        extra={<Button onClick={() => void qr.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  if (data.mode === 'open') {
    return (
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <Typography.Text>{t('auth.redirectingWechat')}</Typography.Text>
        <Button type="primary" icon={<WechatOutlined />} href={data.qrUrl}>
          {t('auth.openWechat')}
        </Button>
      </Space>
    );
  }
  // A phone scanning the code needs an absolute address.
  const absolute = new URL(data.qrUrl, window.location.origin).href;
  if (expired) {
    return (
      <Result
        status="warning"
        title={t('auth.qrExpired')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={() => void qr.refetch()}>
            {t('auth.refreshQr')}
          </Button>
        }
      />
    );
  }
  return (
    <Space orientation="vertical" align="center" size="middle" style={{ width: '100%' }}>
      <Typography.Text>{t('auth.wechatHint')}</Typography.Text>
      <div style={{ padding: 12, background: '#fff', border: '1px solid #eef0f4', borderRadius: 8 }}>
        <QRCodeSVG
          value={absolute}
          size={180}
          title={t('auth.qrAlt')}
          role="img"
          aria-label={t('auth.qrAlt')}
        />
      </div>
      {confirmed ? (
        <Alert type="success" showIcon role="status" title={t('auth.qrConfirmed')} />
      ) : (
        <Alert type="info" showIcon title={t('auth.simulatorHint')} />
      )}
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button type="primary" icon={<WechatOutlined />} href={simulatorHere(data.qrUrl)}>
          {t('auth.openSimulator')}
        </Button>
        <Button icon={<ReloadOutlined />} onClick={() => void qr.refetch()} aria-label={t('auth.refreshQr')}>
          {t('auth.refreshQr')}
        </Button>
      </Space>
    </Space>
  );
};
