/**
 * The one table of who reads a lesson outside the team's editor (the policy's `lessonRights`), as
 * media playback, attachment downloads, learning and the share page ask it. The gathering of its facts
 * (`releasedLessonAccess`) is driven through the routes by media-playback, media-share,
 * attachment-downloads, attachment-share, learning and shares tests.
 */
import { describe, expect, it } from 'vitest';
import { lessonRights, type LessonReader, type LessonRights } from '../../platform/lesson-rights.ts';

const reader = (r: Partial<LessonReader>): LessonReader => ({
  ownTeam: false,
  bought: false,
  listed: true,
  freePreview: false,
  share: null,
  ...r,
});
type Row = [
  who: string,
  reader: Partial<LessonReader>,
  see: 0 | 1,
  read: 0 | 1,
  play: 0 | 1,
  download: 0 | 1,
  learn: 0 | 1,
];

// prettier-ignore
const TABLE: Row[] = [
  //  who                                         facts                                                  see read play down learn
  ['own team, listed',                            { ownTeam: true },                                      1, 1, 1, 1, 1],
  ['own team, unlisted (下架): reads, learns not', { ownTeam: true, listed: false },                      1, 1, 1, 1, 0],
  ['buyer, listed',                               { bought: true },                                       1, 1, 1, 1, 1],
  ['buyer after 下架: keeps all',                  { bought: true, listed: false },                       1, 1, 1, 1, 1],
  ['buyer, free-preview lesson',                  { bought: true, freePreview: true },                    1, 1, 1, 1, 1],
  ['visitor or other team, free preview',         { freePreview: true },                                  1, 1, 1, 0, 0],
  ['visitor or other team, paid lesson',          {},                                                     1, 0, 0, 0, 0],
  ['visitor, free preview after 下架',             { listed: false, freePreview: true },                  0, 0, 0, 0, 0],
  ['visitor, paid lesson after 下架',              { listed: false },                                     0, 0, 0, 0, 0],
  ['share of a free course, lesson',              { share: { paid: false } },                             1, 1, 0, 0, 0],
  ['share of a free course, free preview',        { share: { paid: false }, freePreview: true },          1, 1, 1, 0, 0],
  ['share of a paid course, free preview',        { share: { paid: true }, freePreview: true },           1, 1, 1, 0, 0],
  ['share of a paid course, paid lesson',         { share: { paid: true } },                              1, 0, 0, 0, 0],
  ['share, unlisted course, free preview',        { share: { paid: true }, listed: false, freePreview: true }, 1, 1, 1, 0, 0],
  ['share seen by the own team: the link decides', { share: { paid: true }, ownTeam: true },              1, 0, 0, 0, 0],
];

describe('lessonRights: the one table', () => {
  it.each(TABLE)('%s', (_who, facts, see, read, play, download, learn) => {
    const expected: LessonRights = {
      see: see === 1,
      read: read === 1,
      play: play === 1,
      download: download === 1,
      learn: learn === 1,
    };
    expect(lessonRights(reader(facts))).toEqual(expected);
  });

  it('in the store, files download for the teams that hold the course only, whatever else holds', () => {
    for (const ownTeam of [true, false])
      for (const bought of [true, false])
        for (const listed of [true, false])
          for (const freePreview of [true, false]) {
            const rights = lessonRights({ ownTeam, bought, listed, freePreview, share: null });
            expect(rights.download).toBe(ownTeam || bought);
            // Who may download may read: the files never open more than the lesson.
            if (rights.download) expect(rights.read && rights.play).toBe(true);
            // Who may learn may read every lesson.
            if (rights.learn) expect(rights.read).toBe(true);
          }
  });

  it('a share never hands out a file nor learning, whatever the course', () => {
    for (const paid of [true, false])
      for (const freePreview of [true, false]) {
        const rights = lessonRights(reader({ share: { paid }, freePreview, ownTeam: true, bought: true }));
        expect(rights.download || rights.learn).toBe(false);
        // Media play in free-preview lessons only, never a paid lesson, whatever the share shows.
        expect(rights.play).toBe(freePreview);
      }
  });
});
