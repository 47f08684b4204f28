import { z } from 'zod/mini';

/**
 * A candidate's profile in the admin area (issue 33): one person across their applications, the
 * merge of two candidates who are one person, and its undo. The schemas are the actions' and the
 * buttons'.
 */

export const mergeCandidatesSchema = z.object({
  /** The profile that stays (the one the recruiter is on). */
  keptId: z.uuid(),
  /** The candidate whose applications join it. */
  mergedId: z.uuid(),
});

export const undoMergeSchema = z.object({ mergeId: z.uuid() });

export const candidateMessages = {
  mergeSelf: 'A candidate cannot be merged with themself.',
  gone: 'This candidate is no longer there (merged or erased meanwhile). Reload the page.',
  mergeGone: 'This merge is no longer there. Reload the page.',
  alreadyUndone: 'This merge was already undone.',
  merged: (name: string) => `${name} merged into this profile.`,
  undone: 'Merge undone: the applications are back with their own candidate.',
  confirmMerge: (name: string, count: number) =>
    `Merge ${name} into this profile? Their ${count === 1 ? 'application' : `${count} applications`} will be listed here. You can undo it.`,
} as const;

/** The profile's address. */
export const candidateHref = (candidateId: string) => `/admin/candidates/${candidateId}`;
