// The personal centre's pages, loaded together: they share a layout and are small.
export { PersonalLayout } from './personal-layout.tsx';
export { ProfilePage } from './profile-page.tsx';
export { TradePage } from './personal-placeholders.tsx';
export { TeamCentrePage } from '../teams/centre/team-centre-page.tsx';
