/**
 * The job board's islands, imported by /careers from this one module: they share one script file
 * instead of a file each (docs/decisions/016).
 */
export { ApplicationSentNotice } from './ApplicationConfirmation';
export { JobBoard } from './JobBoard';
