// The personal centre's pages, loaded together: they share a layout and are small.
export { PersonalLayout } from './personal-layout.tsx';
export { ProfilePage } from './profile-page.tsx';
export { TeamCentrePage, TradePage } from './personal-placeholders.tsx';
