// The personal centre's pages, loaded together: they share a layout and are small.
export { PersonalLayout } from './personal-layout.tsx';
export { ProfilePage } from './profile-page.tsx';
export { TradePage } from './trade-page.tsx';
export { TeamCentrePage } from '../teams/centre/team-centre-page.tsx';
