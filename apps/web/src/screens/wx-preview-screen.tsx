import type { ShareAttachments } from '@studio/contract';
import type { ReactNode } from 'react';
import { lockedAttachmentsOf } from './attachment-list.tsx';
import { CourseHeading, CourseLessons, usePrice, type PublicCourse } from './course-parts.tsx';

/**
 * /wx-preview/:courseId: a course at phone width, free lessons whole, the others locked with
 * `lockedAction` (the buy actions). The released course for a visitor or a buyer; the author's draft
 * for its team (every lesson readable).
 */
export const WxPreviewScreen = ({
  course,
  lockedAction,
  attachments,
}: {
  course: PublicCourse & { price: number | null };
  lockedAction?: ReactNode;
  /** The lessons' attachment names, locked (a visitor's page; the phone preview offers no download). */
  attachments?: ShareAttachments;
}) => {
  const price = usePrice();
  return (
    <div className="pp-stack">
      <CourseHeading course={course}>
        <p className="pp-price">{price(course.price)}</p>
      </CourseHeading>
      <CourseLessons
        lessons={course.lessons}
        lockedAction={lockedAction}
        courseId={course.courseId}
        attachmentsOf={lockedAttachmentsOf(attachments)}
      />
    </div>
  );
};
