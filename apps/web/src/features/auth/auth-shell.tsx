import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppScreen } from '../../screens/app-screen.tsx';
import { PublicShell } from '../../screens/public-shell.tsx';
import { LangToggle } from './lang-toggle.tsx';
import './auth-shell.css';

/**
 * The frame of the app's pages outside the main layout (/login, /wxAuth): the one PublicShell the
 * visitor's pages use, narrow, with the language switch the visitor's login page shows. With a
 * `title` the content goes in a card; the login card is its own.
 */
export const AuthShell = ({ title, children }: { title?: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="auth-shell">
      <AppScreen>
        <PublicShell
          narrow
          nav={
            <nav className="pp-bar-actions" aria-label={t('common.language')}>
              <LangToggle />
            </nav>
          }
        >
          {title === undefined ? (
            children
          ) : (
            <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{title}</h1>}>{children}</Card>
          )}
        </PublicShell>
      </AppScreen>
    </div>
  );
};
