/**
 * The training module's face: groups and learning tasks (routes registered by app.ts), and the
 * reminders' schedule. It tells other modules of assigned and due tasks by domain events.
 */
export { defineTrainingJobs, remindTasks } from './reminders.ts';
