/** Issue 12, item 13: one name per category everywhere, and one wording of the image types. */
import { CODE_TABLE, COURSE_CATEGORIES, Code, messageFor } from '@studio/contract/constants';
import { enUS } from './en-us.ts';
import { zhCN } from './zh-cn.ts';
import { describe, expect, it } from 'vitest';
import { i18n } from './index.ts';

describe('one wording', () => {
  it.each(['zh-CN', 'en-US'])('%s: the editor and the store name each category alike', async (lang) => {
    await i18n.changeLanguage(lang);
    try {
      for (const c of COURSE_CATEGORIES) {
        expect(i18n.t(`store.category.${c}`)).toBe(i18n.t(`course.category.${c}`));
      }
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('the upload check and the server say the same image types (JPG, not JPEG in one of them)', () => {
    expect(i18n.t('upload.badType')).toBe(messageFor(Code.FILE_TYPE_NOT_ALLOWED));
  });

  it("every code's message: the contract's Chinese, and English with the same params", async () => {
    const params = (text: string) => [...text.matchAll(/\{\{[^}]*\}\}/g)].map((m) => m[0]).sort();
    for (const entry of Object.values(CODE_TABLE)) {
      const name = entry.key.slice('errors.'.length) as keyof typeof zhCN.errors;
      expect(zhCN.errors[name], entry.key).toBe(entry.zh);
      const en = enUS.errors[name];
      expect(en, entry.key).toMatch(/^[\x20-\x7e]+$/); // English, no Chinese left in it
      expect(params(en), entry.key).toEqual(params(entry.zh));
    }
    await i18n.changeLanguage('en-US');
    try {
      expect(i18n.t('errors.smsSendTooOften', { waitSeconds: 45 })).toBe(
        'Codes were requested too often. Please try again in 45 seconds.',
      );
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});
