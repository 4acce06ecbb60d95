import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, currentLang, setLanguage } from '../lib/i18n/index.ts';

/**
 * The language to switch to, named in that language (English on a Chinese page, 中文 on an English
 * one), as the visitor's pages say it (public-shell.tsx): the login screens say the same either way.
 */
export const LangToggle = () => {
  const { t } = useTranslation();
  const lang = currentLang();
  const other = LANGS.find((l) => l !== lang)!;
  return (
    <Button type="link" lang={other} onClick={() => void setLanguage(other)}>
      {t(`lang.${other}`)}
    </Button>
  );
};
