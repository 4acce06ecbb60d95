// The three AI course-creation pages, one lazy chunk (see app/router.tsx).
export { AiHomePage } from './ai-home-page.tsx';
export { AiCreatePage } from './ai-create-page.tsx';
export { AiProgressPage } from './ai-progress-page.tsx';
