/** Issue 12, item 13: one name per category everywhere, and one wording of the image types. */
import { COURSE_CATEGORIES, Code, messageFor } from '@studio/contract/constants';
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
});
