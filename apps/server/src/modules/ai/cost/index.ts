/**
 * The cost room's face: what the jobs and translate rooms use of it (estimates, budget holds, usage).
 * Rooms of modules/ai reach each other only through their index.ts (eslint.config.js), and only one
 * way: translate → jobs → cost → documents (rooms.test.ts); shared/ is under all of them.
 */
export { estimateDocumentLesson, estimateTopicLesson, estimateTranslationLesson } from './ai.estimate.ts';
export { assertBudget, budgetStopped, holdBudget, recordUsage, type UsageOwner } from './ai.usage.ts';
/** A budget hold given back unspent (a lesson another worker claimed first). */
export { deleteHold as releaseHold } from './ai.usage.repo.ts';
