/**
 * What became of a notification's e-mail (issue 50): waiting (to go at once, or with the others of
 * its thread at the end of the coalescing window), sent, or none to send.
 */
export const noticeEmailStates = ['pending', 'sent', 'none'] as const;
export type NoticeEmailState = (typeof noticeEmailStates)[number];

/** One e-mail per thread and person within this window: what comes meanwhile goes in one e-mail at its end. */
export const NOTICE_WINDOW_MINUTES = 15;
