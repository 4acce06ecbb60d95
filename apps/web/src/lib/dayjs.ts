/**
 * dayjs, as antd's date pickers use it, in the interface language (weekday and month names, 刚刚 /
 * 3 分钟前), with the relative-time plugin for lists.
 */
import dayjs from 'dayjs';
// The locale object itself, handed to this dayjs: a bare `import 'dayjs/locale/zh-cn'` registers it
// on whichever copy of dayjs its own require finds, which under Vitest is not this one.
import zhCn from 'dayjs/locale/zh-cn';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** Follows the interface language: zh-CN (the default) or en-US. */
export const setDayjsLanguage = (lang: string): void => {
  dayjs.locale(lang === 'en-US' ? 'en' : zhCn);
};

/** "3 分钟前" / "3 minutes ago" in the current language; under a minute reads 刚刚 / just now. */
export const fromNow = (at: number, lang: string, now = Date.now()): string =>
  now - at < 60_000 ? (lang === 'en-US' ? 'just now' : '刚刚') : dayjs(at).from(now);

export { dayjs };
