import { UI_LANGS, WebPaths } from '@studio/contract/constants';
import type { ReactNode } from 'react';
import { useParts } from './parts.tsx';
import { useWords } from './words.tsx';

/**
 * The one frame of the pages outside the app's layout (a visitor's server-rendered pages, and the
 * app's share page, phone preview and certificate): the brand, then `nav` (languages, login or the
 * page's actions, in a `.pp-bar-actions` of its own). `narrow` is the phone reader's frame.
 */
export const PublicShell = ({
  nav,
  narrow = false,
  brandHref = WebPaths.storeList,
  children,
}: {
  nav?: ReactNode;
  narrow?: boolean;
  brandHref?: string;
  children: ReactNode;
}) => {
  const { t } = useWords();
  const { Link } = useParts();
  return (
    <div className={narrow ? 'pp pp-narrow' : 'pp'}>
      <header className="pp-bar">
        <Link href={brandHref} className="pp-brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('common.appName')}</span>
        </Link>
        {nav}
      </header>
      <main className="pp-main">{children}</main>
    </div>
  );
};

/** A link styled as the primary action. */
export const ActionLink = ({ href, children }: { href: string; children: ReactNode }) => {
  const { Link } = useParts();
  return (
    <Link href={href} className="pp-button pp-button-primary">
      {children}
    </Link>
  );
};

/** The address with `lang` set: the server renders the page in that language and remembers it. */
export const withLang = (url: string, lang: string): string => {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.set('lang', lang);
  return `${path}?${params.toString()}`;
};

/** A visitor's language links and 登录 (which comes back to this page; not on the login page). */
export const VisitorNav = ({ url, login = true }: { url: string; login?: boolean }) => {
  const { t, lang } = useWords();
  return (
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
  );
};
