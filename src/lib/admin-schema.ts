import { z } from 'zod/mini';

/** The admin area's vocabularies and forms, shared by its pages, its actions and the database schema. */

export const roles = ['user', 'admin'] as const;
export type Role = (typeof roles)[number];

export const positionTypes = ['Full-time', 'Part-time', 'Contract', 'Internship', 'Remote'] as const;
/** New positions default to Remote (spec section 9). */
export const DEFAULT_POSITION_TYPE = 'Remote';

/** The pipeline an application moves along (DECISIONS.md). */
export const applicationStatuses = ['pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const statusLabels: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  reviewing: 'Reviewing',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};

const MAX_LIST_TEXT = 5000;

/** "One per line" text areas become lists: lines trimmed, blank ones dropped. */
export function linesToList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*[-•*]\s*/, '').trim())
    .filter(Boolean);
}

const optionalAmount = z.string().check(
  z.trim(),
  z.refine((value) => value === '' || /^\d{1,9}$/.test(value.replace(/[,\s]/g, '')), 'Enter a whole number, such as 120000'),
);

const atMost = (max: number) => z.maxLength(max, `Use at most ${max} characters`);

export const positionFormSchema = z
  .object({
    title: z.string().check(z.trim(), z.minLength(2, 'Use at least 2 characters'), atMost(200)),
    departmentId: z.union([z.uuid(), z.literal('')]),
    location: z.string().check(z.trim(), z.minLength(2, 'Please enter a location, such as Austin, TX or Remote'), atMost(100)),
    type: z.enum(positionTypes, { error: 'Choose a type' }),
    description: z.string().check(z.trim(), z.minLength(1, 'Please write a description'), atMost(MAX_LIST_TEXT)),
    requirements: z.string().check(atMost(MAX_LIST_TEXT)),
    responsibilities: z.string().check(atMost(MAX_LIST_TEXT)),
    salaryMin: optionalAmount,
    salaryMax: optionalAmount,
    closesAt: z.union([z.literal(''), z.iso.date('Use a date')]),
  })
  .check(
    z.refine((form) => form.salaryMin === '' || form.salaryMax === '' || amount(form.salaryMin)! <= amount(form.salaryMax)!, {
      message: 'The maximum must not be below the minimum',
      path: ['salaryMax'],
    }),
  );

export type PositionFormInput = z.input<typeof positionFormSchema>;

function amount(value: string): number | null {
  return value.trim() === '' ? null : Number(value.replace(/[,\s]/g, ''));
}

/** The columns a position form sets. A closing date means "open until the end of that day (UTC)". */
export function positionValues(form: z.output<typeof positionFormSchema>) {
  return {
    title: form.title,
    departmentId: form.departmentId || null,
    location: form.location,
    type: form.type,
    description: form.description,
    requirements: linesToList(form.requirements),
    responsibilities: linesToList(form.responsibilities),
    salaryMin: amount(form.salaryMin),
    salaryMax: amount(form.salaryMax),
    closesAt: form.closesAt ? new Date(`${form.closesAt}T23:59:59.999Z`) : null,
  };
}

export const emptyPositionForm: PositionFormInput = {
  title: '',
  departmentId: '',
  location: '',
  type: DEFAULT_POSITION_TYPE,
  description: '',
  requirements: '',
  responsibilities: '',
  salaryMin: '',
  salaryMax: '',
  closesAt: '',
};

const userId = z.string().check(z.minLength(1), z.maxLength(100));
export const roleChangeSchema = z.object({ userId, role: z.enum(roles) });
export const userIdSchema = z.object({ userId });
export const positionActiveSchema = z.object({ positionId: z.uuid(), active: z.boolean() });
export const positionUpdateSchema = z.object({ positionId: z.uuid(), form: positionFormSchema });
export const applicationStatusSchema = z.object({ applicationId: z.uuid(), status: z.enum(applicationStatuses) });
export const messageReadSchema = z.object({ messageId: z.uuid(), read: z.boolean() });
export const messageIdSchema = z.object({ messageId: z.uuid() });
