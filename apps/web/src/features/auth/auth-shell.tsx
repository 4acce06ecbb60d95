import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LangToggle } from '../../components/lang-toggle.tsx';

/**
 * The centred column of the pages outside the main layout (login, WeChat callback, bootstrap), with
 * the language switch the visitor's pages have. With a `title` the content goes in a card; the login
 * card (login/login-card.tsx) is its own.
 */
export const AuthShell = ({ title, children }: { title?: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <main className="auth-shell">
      <div className="auth-shell-top">
        <LangToggle />
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 20 }}>
        <img src="/favicon.svg" alt="" width={36} height={36} />
        <span style={{ fontSize: 22, fontWeight: 600 }}>{t('common.appName')}</span>
      </div>
      {title === undefined ? (
        <div className="auth-card">{children}</div>
      ) : (
        <Card className="auth-card" title={<h1 style={{ fontSize: 18, margin: 0 }}>{title}</h1>}>
          {children}
        </Card>
      )}
    </main>
  );
};
