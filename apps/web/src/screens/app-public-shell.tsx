import type { ReactNode } from 'react';
import { AppScreen } from './app-screen.tsx';
import { PublicShell } from './public-shell.tsx';
import { LangSwitch } from '../components/lang-switch.tsx';

/**
 * The app's pages outside its layout (share page, phone preview, certificate) in the one PublicShell
 * a visitor's pages use: the brand goes home, then the page's actions and the language menu.
 */
export const AppPublicShell = ({ actions, children }: { actions?: ReactNode; children: ReactNode }) => (
  <AppScreen>
    <PublicShell
      brandHref="/"
      nav={
        <div className="pp-bar-actions">
          {actions}
          <LangSwitch compact />
        </div>
      }
    >
      {children}
    </PublicShell>
  </AppScreen>
);
