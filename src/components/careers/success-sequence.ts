import { applicationToasts } from '@/lib/applications/texts';
import type { FlashToast } from '@/lib/flash';

/**
 * After an application is sent (spec sections 4 and 9): the success toast for 5 s; after 1 s a
 * follow-up toast with View More Jobs and Homepage for 10 s; after 2 s the job board. The page
 * changes while both toasts are up, so they travel to the next page with the time they have left.
 */

export const SUCCESS_TOAST_MS = 5_000;
export const FOLLOW_UP_DELAY_MS = 1_000;
export const FOLLOW_UP_TOAST_MS = 10_000;
export const NAVIGATE_DELAY_MS = 2_000;

export const successToast: FlashToast = { ...applicationToasts.submitted, duration: SUCCESS_TOAST_MS };

export const followUpToast: FlashToast = {
  ...applicationToasts.followUp,
  links: [...applicationToasts.followUp.links],
  duration: FOLLOW_UP_TOAST_MS,
};

/** The toasts still on screen `elapsedMs` after the success toast appeared, with the time each has left. */
export function toastsLeftAfter(elapsedMs: number): FlashToast[] {
  const shown: Array<[FlashToast, number]> = [
    [successToast, 0],
    [followUpToast, FOLLOW_UP_DELAY_MS],
  ];
  return shown.flatMap(([toast, appearedAt]) => {
    if (elapsedMs < appearedAt) return [];
    const left = (toast.duration ?? 0) - (elapsedMs - appearedAt);
    return left > 0 ? [{ ...toast, duration: left }] : [];
  });
}

export interface SequenceEnvironment {
  show(toast: FlashToast): void;
  /** Goes to the job board, carrying the toasts still on screen. */
  navigate(toastsLeft: FlashToast[]): void;
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
}

export function runSuccessSequence(env: SequenceEnvironment): void {
  const started = env.now();
  env.show(successToast);
  env.setTimeout(() => env.show(followUpToast), FOLLOW_UP_DELAY_MS);
  env.setTimeout(() => env.navigate(toastsLeftAfter(env.now() - started)), NAVIGATE_DELAY_MS);
}
