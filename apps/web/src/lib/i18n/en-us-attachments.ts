import type { attachmentsZhCN } from './zh-cn-attachments.ts';

/** Lesson attachments, in English. Typed as the Chinese. */
export const attachmentsEnUS: typeof attachmentsZhCN = {
  title: 'Attachments',
  hint: 'PDF, slides, documents, spreadsheets, zip or text; learners can download them once the course is released.',
  upload: 'Upload attachment',
  uploading: 'Uploading {{name}}',
  uploaded: 'Uploaded {{name}}',
  failedNetwork:
    'The network dropped and the file was not fully sent; choose it again to go on from where it stopped',
  failedServer: 'The server failed and the file was not fully sent; choose it again later',
  empty: 'No attachments yet',
  rename: 'Rename',
  renameTitle: 'Rename attachment',
  nameLabel: 'Attachment name',
  remove: 'Delete',
  removeConfirm: 'Delete the attachment "{{name}}"? The released version keeps it until the next release.',
  removed: 'Deleted',
  moveUp: 'Move up',
  moveDown: 'Move down',
  listLabel: 'Lesson attachments',
  download: 'Download',
  downloadName: 'Download {{name}}',
  locked: 'Buy to download',
  kind: {
    pdf: 'PDF',
    slides: 'Slides',
    document: 'Document',
    spreadsheet: 'Spreadsheet',
    zip: 'Zip',
    text: 'Text',
  },
};
