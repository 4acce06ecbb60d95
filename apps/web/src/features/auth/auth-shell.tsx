import { WebPaths } from '@studio/contract/constants';
import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LangToggle } from './lang-toggle.tsx';
import './auth-shell.css';

/**
 * The frame of the app's pages outside the main layout (/login, /wxAuth), drawn as the visitor's
 * pages draw theirs (public/public-shell.tsx): the brand (to the store) and the language switch in a
 * bar, then a narrow column. With a `title` the content goes in a card; the login card is its own.
 */
export const AuthShell = ({ title, children }: { title?: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="auth-shell">
      <header className="auth-bar">
        <Link to={WebPaths.storeList} className="auth-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('common.appName')}</span>
        </Link>
        <nav aria-label={t('common.language')}>
          <LangToggle />
        </nav>
      </header>
      <main className="auth-main">
        {title === undefined ? (
          children
        ) : (
          <Card title={<h1 style={{ fontSize: 18, margin: 0 }}>{title}</h1>}>{children}</Card>
        )}
      </main>
    </div>
  );
};
