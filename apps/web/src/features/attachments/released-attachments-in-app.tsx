/** The released list inside an antd screen of the app: the shared screens' words and styles around it. */
import { AppScreen } from '../../screens/app-screen.tsx';
import { ReleasedAttachments } from './released-attachments.tsx';

export const LessonAttachmentsSection = (props: { courseId: number; lessonId: number }) => (
  <AppScreen>
    <ReleasedAttachments {...props} />
  </AppScreen>
);
