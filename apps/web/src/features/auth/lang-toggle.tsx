import { useTranslation } from 'react-i18next';
import { LANGS, currentLang, setLanguage } from '../../lib/i18n/index.ts';

/**
 * The language to switch to, named in that language (English on a Chinese page, 中文 on an English
 * one), as the visitor's pages say it (public/public-shell.tsx): /login and /wxAuth say the same
 * whether the server or the app drew them. Styled by auth-shell.css.
 */
export const LangToggle = () => {
  const { t } = useTranslation();
  const lang = currentLang();
  const other = LANGS.find((l) => l !== lang)!;
  return (
    <button type="button" className="lang-toggle" lang={other} onClick={() => void setLanguage(other)}>
      {t(`lang.${other}`)}
    </button>
  );
};
