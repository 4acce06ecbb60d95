import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LangSwitch } from '../../components/lang-switch.tsx';

/** The centred card of the pages outside the main layout (login, WeChat callback, bootstrap). */
export const AuthShell = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <main className="auth-shell">
      <div className="auth-shell-top">
        <LangSwitch />
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 20 }}>
        <img src="/favicon.svg" alt="" width={36} height={36} />
        <span style={{ fontSize: 22, fontWeight: 600 }}>{t('common.appName')}</span>
      </div>
      <Card className="auth-card" title={<h1 style={{ fontSize: 18, margin: 0 }}>{title}</h1>}>
        {children}
      </Card>
    </main>
  );
};
