/**
 * 附件 under a released lesson in the app (the learner's player, a member on the buy page): the
 * list the server says this viewer may see, and for whoever may download, a press that asks for a
 * signed link and lets the browser save the file (the server sends it as an attachment).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { AttachmentList } from '../../screens/attachment-list.tsx';
import { useTeamId } from '../../lib/current-team.ts';
import { attachmentKeys, attachmentsApi } from './attachments-api.ts';

/** Starts the download in this page: the answer is `Content-Disposition: attachment`, so nothing navigates. */
export const startDownload = (url: string): void => {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
};

export const ReleasedAttachments = ({ courseId, lessonId }: { courseId: number; lessonId: number }) => {
  const teamId = useTeamId();
  const { data } = useQuery({
    queryKey: attachmentKeys.released(teamId, courseId, lessonId),
    queryFn: () => attachmentsApi.released(courseId, lessonId),
    // A refund or a new release changes what is shown: asked again on each visit of the lesson.
    staleTime: 0,
  });
  const download = useMutation({
    mutationFn: (attachmentId: number) => attachmentsApi.link({ courseId, lessonId, attachmentId }),
    onSuccess: (link) => startDownload(link.url),
  });
  if (!data) return null;
  return (
    <AttachmentList
      attachments={data}
      download={{
        onDownload: (attachmentId) => download.mutate(attachmentId),
        busyId: download.isPending ? download.variables : null,
      }}
    />
  );
};
