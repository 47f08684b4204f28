import { z } from 'zod/mini';
import { rejectionSchema } from './rejection.ts';

/** The pipeline an application moves along (DECISIONS.md); a new one is pending (spec section 4). */
export const applicationStatuses = ['pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const statusLabels: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/** The ends of the pipeline: an application's retention period counts from reaching one. */
export const decidedStatuses = ['hired', 'rejected', 'withdrawn'] as const satisfies readonly ApplicationStatus[];

export function isDecided(status: ApplicationStatus): boolean {
  return (decidedStatuses as readonly ApplicationStatus[]).includes(status);
}

export function isApplicationStatus(value: unknown): value is ApplicationStatus {
  return (applicationStatuses as readonly unknown[]).includes(value);
}

/** A status change; moving to Rejected needs its reason (the server checks it, issue 32). */
export const applicationStatusSchema = z.object({
  applicationId: z.uuid(),
  status: z.enum(applicationStatuses),
  rejection: z._default(z.nullable(rejectionSchema), null),
});
