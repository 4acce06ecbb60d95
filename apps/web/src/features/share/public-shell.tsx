import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LangSwitch } from '../../components/lang-switch.tsx';
import './share.css';

/** The frame of the pages outside the main layout that show a course: brand, language, actions. */
export const PublicShell = ({ actions, children }: { actions?: ReactNode; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <div className="public-shell">
      <header className="public-bar">
        <Link to="/" className="public-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('common.appName')}</span>
        </Link>
        <div className="public-actions">
          {actions}
          <LangSwitch compact />
        </div>
      </header>
      <main className="public-main">{children}</main>
    </div>
  );
};
