// The routes outside the main layout that show a course: the public share page and the mobile preview.
export { SharePage } from './share-page.tsx';
export { WxPreviewPage } from './wx-preview-page.tsx';
