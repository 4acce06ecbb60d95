/**
 * Who reads a released or shared lesson, and what of it: the one table of these rules
 * (modules/assets/lesson-access.test.ts), beside the action table of `policy.ts`.
 */
/** A course in the store: whether it is listed and whether the viewer's team holds it (own or bought). */
export type ListingSubject = { listed: boolean; entitled: boolean };
/**
 * A lesson of a released course: free preview, and whether the viewer holds the course (their team
 * owns or bought it, or a share of a free course hands it out).
 */
export type LessonSubject = { freePreview: boolean; entitled: boolean };

/** Anyone may open a listed course's buy page; once unlisted, only teams that hold it (own or bought). */
export const canViewListing = (s: ListingSubject): boolean => s.listed || s.entitled;

/** A course a team learns: one it bought (even after 下架), or its own while released. */
export type LearnSubject = { ownTeam: boolean; listed: boolean; bought: boolean };
export const canLearn = (s: LearnSubject): boolean => s.bought || (s.ownTeam && s.listed);

/** A lesson's content is for teams that hold the course; free-preview lessons are for everyone. */
export const canReadLesson = (s: LessonSubject): boolean => s.entitled || s.freePreview;

/**
 * Who may read a lesson outside the team's own editor, and what of it: the one table of these rules
 * (modules/assets/lesson-access.test.ts), asked by media playback, attachment downloads, learning and
 * the share page.
 * - In the store (a course's latest release): the buy page is seen by anyone while listed, and by the
 *   teams that hold it (wrote or bought it) after 下架 too (`canViewListing`); its content and media are
 *   for the teams that hold it, a free-preview lesson's for everyone who sees it (`canReadLesson`); its
 *   attachments are downloaded by the teams that hold it only (issue 34: the files are part of what is
 *   sold; a free-preview reader sees their names); a team learns a course it bought (even after 下架) or
 *   its own while listed (`canLearn`).
 * - Through a live share's link (the course's draft, released or not, listed or not): a free course is
 *   read whole and a paid one's free-preview lessons only; media play in free-preview lessons only (never
 *   a paid lesson, whatever the share shows); no file is handed out; nobody learns through a share.
 */
export type LessonReader = {
  /** The viewer's team wrote the course. */
  ownTeam: boolean;
  /** The viewer's team bought it (a refund takes that away). */
  bought: boolean;
  /** The course is released and listed (not 下架). */
  listed: boolean;
  freePreview: boolean;
  /** Read through a live share's link, and whether its course is paid; null in the store. */
  share: { paid: boolean } | null;
};
export type LessonRights = {
  /** The lesson is shown at all (its title, its attachments' names). */
  see: boolean;
  /** Its content. */
  read: boolean;
  /** Its media (the HLS key is handed out only then). */
  play: boolean;
  /** Its attachments' files. */
  download: boolean;
  /** Learning the course (progress, quizzes, certificate). */
  learn: boolean;
};
export function lessonRights(r: LessonReader): LessonRights {
  if (r.share) {
    const read = canReadLesson({ entitled: !r.share.paid, freePreview: r.freePreview });
    return { see: true, read, play: r.freePreview, download: false, learn: false };
  }
  const entitled = r.ownTeam || r.bought;
  const see = canViewListing({ listed: r.listed, entitled });
  const read = see && canReadLesson({ entitled, freePreview: r.freePreview });
  const learn = canLearn({ ownTeam: r.ownTeam, listed: r.listed, bought: r.bought });
  return { see, read, play: read, download: see && entitled, learn };
}
