/**
 * The WeChat QR login of the card. 'simulator': the built-in simulator's page as a QR code (scan with
 * a phone) and a link to open it here; the card asks the login's status until a phone confirms, then
 * goes to /wxAuth with the code. 'open': WeChat's own QR page, so the window goes there. The QR comes
 * with the page (the server made it for `?way=wechat`) or is asked for when the tab opens.
 */
import type { WechatQr } from '@studio/contract';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState, type MouseEvent } from 'react';
import { WECHAT_REDIRECT_KEY, WECHAT_STATE_KEY } from '../wechat-keys.ts';
import { loginUrl, newWechatQr, simulatorHere, wechatStatus, wxAuthUrl } from './login-api.ts';
import { useWords } from '../../../screens/words.tsx';

/** How often the card asks whether the phone confirmed. */
export const WECHAT_POLL_MS = 1500;

type Phase = 'waiting' | 'confirmed' | 'expired';

export const WechatLogin = ({
  initial,
  redirect,
  go,
}: {
  initial: WechatQr | null;
  redirect: string | null;
  /** Leaves for /wxAuth (the island: a page load; the app: its router). */
  go: (url: string) => void;
}) => {
  const { t } = useWords();
  const [qr, setQr] = useState<WechatQr | null>(initial);
  const [failed, setFailed] = useState(false);
  const [phase, setPhase] = useState<Phase>('waiting');

  const load = () => {
    setFailed(false);
    setPhase('waiting');
    newWechatQr(t).then(setQr, () => setFailed(true));
  };
  useEffect(() => {
    if (!initial) newWechatQr(t).then(setQr, () => setFailed(true));
    // Once, when the tab first opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // /wxAuth finishes the login: the state (and the page asked for) wait in sessionStorage.
  useEffect(() => {
    if (!qr) return;
    sessionStorage.setItem(WECHAT_STATE_KEY, qr.state);
    if (redirect) sessionStorage.setItem(WECHAT_REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(WECHAT_REDIRECT_KEY);
    if (qr.mode === 'open') window.location.assign(qr.qrUrl);
  }, [qr, redirect]);

  // A phone confirms on another device: ask until it has, the code is spent, or the QR is replaced.
  useEffect(() => {
    if (!qr || qr.mode !== 'simulator') return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () => {
      wechatStatus(t, qr.state)
        .then((status) => {
          if (stopped) return;
          if (status.status === 'confirmed' && status.code) {
            setPhase('confirmed');
            go(wxAuthUrl(status.code, qr.state));
          } else if (status.status === 'expired') setPhase('expired');
          else timer = setTimeout(ask, WECHAT_POLL_MS);
        })
        // Offline for a moment: ask again.
        .catch(() => {
          if (!stopped) timer = setTimeout(ask, WECHAT_POLL_MS);
        });
    };
    timer = setTimeout(ask, WECHAT_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // A new QR starts the asking again; the words and `go` do not (the app passes new functions).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [qr]);

  // Without the script the link loads a new QR page; with it the QR is replaced here.
  const refresh = (event: MouseEvent) => {
    event.preventDefault();
    load();
  };
  const refreshLink = (
    <a href={loginUrl('wechat', redirect)} className="pp-button" onClick={refresh}>
      {t(failed ? 'common.retry' : 'auth.refreshQr')}
    </a>
  );

  if (failed) {
    return (
      <div className="lc-wechat">
        <p role="alert">{t('auth.qrFailed')}</p>
        <div className="lc-actions">{refreshLink}</div>
      </div>
    );
  }
  if (!qr) {
    return (
      <div className="lc-wechat">
        <p role="status" className="lc-qr-placeholder">
          {t('common.loading')}
        </p>
      </div>
    );
  }
  const open = qr.mode === 'open';
  return (
    <div className="lc-wechat">
      {open ? (
        <p>{t('auth.redirectingWechat')}</p>
      ) : (
        <>
          <p>{t('auth.wechatHint')}</p>
          <div className="lc-qr">
            <QRCodeSVG
              value={qr.qrUrl}
              size={180}
              title={t('auth.qrAlt')}
              role="img"
              aria-label={t('auth.qrAlt')}
            />
          </div>
          <p className="lc-notice">{t('auth.simulatorHint')}</p>
          <p className="lc-notice" role="status" hidden={phase !== 'confirmed'}>
            {t('auth.qrConfirmed')}
          </p>
          <p className="lc-notice" role="alert" hidden={phase !== 'expired'}>
            {t('auth.qrExpired')}
          </p>
        </>
      )}
      <div className="lc-actions">
        {/* 在本机打开: confirming there goes on to /wxAuth in this window. */}
        <a href={open ? qr.qrUrl : simulatorHere(qr.qrUrl)} className="pp-button pp-button-primary">
          {t(open ? 'auth.openWechat' : 'auth.openSimulator')}
        </a>
        {!open && refreshLink}
      </div>
    </div>
  );
};
