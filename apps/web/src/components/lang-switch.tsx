import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGS, currentLang, setLanguage, type Lang } from '../lib/i18n/index.ts';

/** 中文 / English. The choice is kept in localStorage `lang` and drives antd's locale too. */
export const LangSwitch = ({ compact = false }: { compact?: boolean }) => {
  const { t } = useTranslation();
  const lang = currentLang();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGS.map((l) => ({ key: l, label: <span lang={l}>{t(`lang.${l}`)}</span> })),
        onClick: ({ key }) => void setLanguage(key as Lang),
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        // The name holds the visible language name (WCAG 2.5.3); compact shows only the icon.
        aria-label={compact ? t('common.language') : t('common.languageCurrent', { lang: t(`lang.${lang}`) })}
      >
        {!compact && t(`lang.${lang}`)}
      </Button>
    </Dropdown>
  );
};
