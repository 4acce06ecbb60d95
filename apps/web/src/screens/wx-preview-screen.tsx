import type { ReactNode } from 'react';
import { CourseHeading, CourseLessons, usePrice, type PublicCourse } from './course-parts.tsx';

/**
 * /wx-preview/:courseId: a course at phone width, free lessons whole, the others locked with
 * `lockedAction` (the buy actions). The released course for a visitor or a buyer; the author's draft
 * for its team (every lesson readable).
 */
export const WxPreviewScreen = ({
  course,
  lockedAction,
}: {
  course: PublicCourse & { price: number | null };
  lockedAction?: ReactNode;
}) => {
  const price = usePrice();
  return (
    <div className="pp-stack">
      <CourseHeading course={course}>
        <p className="pp-price">{price(course.price)}</p>
      </CourseHeading>
      <CourseLessons lessons={course.lessons} lockedAction={lockedAction} courseId={course.courseId} />
    </div>
  );
};
