import { UI_LANGS, WebPaths } from '@studio/contract/constants';
import type { ReactNode } from 'react';
import { useWords } from './public-i18n.tsx';

/** The address with `lang` set: the server renders the page in that language and remembers it. */
export const withLang = (url: string, lang: string): string => {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.set('lang', lang);
  return `${path}?${params.toString()}`;
};

/**
 * The frame of a visitor's page: the brand (to the store), the language links and 登录 (which comes
 * back to this page; not on the login page itself). `narrow` is the phone reader's frame.
 */
export const PublicShell = ({
  url,
  narrow = false,
  login = true,
  children,
}: {
  url: string;
  narrow?: boolean;
  login?: boolean;
  children: ReactNode;
}) => {
  const { t, lang } = useWords();
  return (
    <div className={narrow ? 'pp pp-narrow' : 'pp'}>
      <header className="pp-bar">
        <a href={WebPaths.storeList} className="pp-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('common.appName')}</span>
        </a>
        <nav className="pp-bar-actions" aria-label={t('common.language')}>
          {UI_LANGS.filter((l) => l !== lang).map((l) => (
            <a key={l} href={withLang(url, l)} hrefLang={l} lang={l} className="pp-lang">
              {t(`lang.${l}`)}
            </a>
          ))}
          {login && (
            <a href={WebPaths.loginBack(url)} className="pp-button">
              {t('auth.login')}
            </a>
          )}
        </nav>
      </header>
      <main className="pp-main">{children}</main>
    </div>
  );
};

/** A link styled as the primary action. */
export const ActionLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a href={href} className="pp-button pp-button-primary">
    {children}
  </a>
);
