import type { FlashToast } from '../flash.ts';

/** Every text of positions: the job board's states, the position form's rules, the admin toasts. */

export const jobBoardTexts = {
  loading: 'Loading positions...',
  empty: 'No positions found matching your criteria',
  /** Spec section 3: a position without a (known) department shows as "General". */
  generalDepartment: 'General',
} as const;

export const positionFormMessages = {
  title: 'Use at least 2 characters',
  location: 'Please enter a location, such as Austin, TX or Remote',
  type: 'Choose a type',
  description: 'Please write a description',
  date: 'Use a date',
  atMost: (max: number) => `Use at most ${max} characters`,
  gone: 'This position no longer exists.',
} as const;

export const positionToasts = {
  added: { kind: 'success', title: 'Position added successfully' },
  updated: { kind: 'success', title: 'Position updated successfully' },
  activated: { kind: 'success', title: 'Position activated successfully' },
  deactivated: { kind: 'success', title: 'Position deactivated successfully' },
  /** Spec section 8: the position closed while someone was applying. */
  notFound: { kind: 'error', title: 'Position Not Found' },
} as const satisfies Record<string, FlashToast>;
