/** The system module's face (health and version): nothing of it is imported by another module. */
export { systemRoutes } from './system.routes.ts';
