import type { EventKind } from '../events/kinds.ts';

/**
 * The conversions the analytics count (issue 57): each is a domain event (src/lib/events/kinds.ts)
 * made by a visitor's request, read from the one record of events, never from a path of its own.
 */

export const goalNames = ['contact', 'meeting', 'application', 'alert'] as const;
export type GoalName = (typeof goalNames)[number];

export const goalLabels: Record<GoalName, string> = {
  contact: 'Contact message sent',
  meeting: 'Meeting booked',
  application: 'Application submitted',
  alert: 'Job alert confirmed',
};

const goalKinds: Partial<Record<EventKind, GoalName>> = {
  'contact.received': 'contact',
  'meeting.booked': 'meeting',
  'application.received': 'application',
  'alert.confirmed': 'alert',
};

/** The goal an event is, if any: a meeting counts when its guest booked it, not when staff did. */
export function goalOf(event: { kind: EventKind; data: unknown }): GoalName | null {
  const goal = goalKinds[event.kind];
  if (!goal) return null;
  if (goal === 'meeting' && (event.data as { by?: string }).by !== 'guest') return null;
  return goal;
}
