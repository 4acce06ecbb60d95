import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { WebPaths } from '@studio/contract/constants';

const ITEMS = [
  { key: WebPaths.author, label: 'nav.home' },
  { key: WebPaths.learn, label: 'learn.title' },
  { key: WebPaths.exams, label: 'exams.nav' },
  { key: WebPaths.ai, label: 'nav.ai' },
  { key: WebPaths.storeList, label: 'nav.store' },
  { key: WebPaths.personal, label: 'nav.personal' },
] as const;

const selectedKey = (path: string): string[] => {
  if (path.startsWith(WebPaths.learn)) return [WebPaths.learn];
  if (path.startsWith(WebPaths.exams) || path.startsWith('/exam/')) return [WebPaths.exams];
  if (path.startsWith(WebPaths.ai)) return [WebPaths.ai];
  if (path.startsWith(WebPaths.store)) return [WebPaths.storeList];
  if (path.startsWith(WebPaths.personal)) return [WebPaths.personal];
  if (path.startsWith(WebPaths.author)) return [WebPaths.author];
  return [];
};

/** 首页 / 我的学习 / AI 创课 / 商城 / 个人中心: a horizontal menu, or a drawer behind a button on phones. */
export const NavMenu = ({ collapsed }: { collapsed: boolean }) => {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const items = ITEMS.map((item) => ({ key: item.key, label: t(item.label) }));
  const go = ({ key }: { key: string }) => {
    setOpen(false);
    void navigate(key);
  };

  if (!collapsed) {
    return (
      <nav aria-label={t('nav.main')} style={{ flex: 1, minWidth: 0 }}>
        <Menu
          mode="horizontal"
          items={items}
          selectedKeys={selectedKey(location.pathname)}
          onClick={go}
          style={{ borderBottom: 'none', background: 'transparent' }}
        />
      </nav>
    );
  }
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('common.openMenu')}
        onClick={() => setOpen(true)}
      />
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="left"
        size={260}
        title={t('common.appName')}
      >
        <nav aria-label={t('nav.main')}>
          <Menu
            mode="vertical"
            items={items}
            selectedKeys={selectedKey(location.pathname)}
            onClick={go}
            style={{ borderInlineEnd: 'none' }}
          />
        </nav>
      </Drawer>
    </>
  );
};
