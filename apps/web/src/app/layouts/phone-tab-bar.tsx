import { BookOutlined, HomeOutlined, ShopOutlined, UserOutlined } from '@ant-design/icons';
import { WebPaths } from '@studio/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

const TABS = [
  { to: WebPaths.author, label: 'nav.home', icon: <HomeOutlined aria-hidden /> },
  { to: WebPaths.learn, label: 'learn.title', icon: <BookOutlined aria-hidden /> },
  { to: WebPaths.storeList, label: 'nav.store', icon: <ShopOutlined aria-hidden /> },
  { to: WebPaths.personal, label: 'nav.personal', icon: <UserOutlined aria-hidden /> },
] as const satisfies readonly { to: string; label: string; icon: ReactNode }[];

/**
 * On a phone, the app's main places one tap away at the bottom of every screen (我的学习 and the
 * store first of all: a buyer arrives from a link and comes back to learn), as WeChat's own apps
 * do. Hidden from 768 px up, where the header's menu shows them (styles.css).
 */
export const PhoneTabBar = () => {
  const { t } = useTranslation();
  return (
    <nav className="phone-tab-bar" aria-label={t('nav.tabs')}>
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          // The store's pages all live under /store; the list is its entry.
          className={({ isActive }) => `phone-tab${isActive ? ' is-active' : ''}`}
        >
          {tab.icon}
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
};
