import { z } from 'zod/mini';
import { applicationStatuses } from '../applications/status.ts';
import { interviewFilters } from '../applications/query.ts';
import { NOTE_MAX, reviewMessages } from '../applications/review.ts';
import { rejectionSchema } from '../applications/rejection.ts';
import { contactReasons } from '../messages/schema.ts';
import { bookingStatuses } from '../scheduling/hours.ts';
import { textField } from '../forms.ts';

/**
 * The JSON API's requests and answers (issue 55): the server validates every query and body with
 * these, and the OpenAPI document (/api/openapi.json) is made from the same schemas. Query values
 * come as text; an unknown parameter is refused, by name.
 */

const flag = z.enum(['true', 'false']);
/** A day of the calendar, YYYY-MM-DD (2026-02-30 is none). */
const day = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD'),
  z.refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'must be a day of the calendar'),
);
const instant = z.iso.datetime({ offset: true, error: 'must be a time written as ISO 8601, such as 2026-12-01T09:00:00Z' });

/** Every list: up to `limit` (1 to 100, 50 unless asked), after the `cursor` the previous page gave. */
const page = {
  limit: z.optional(z.string().check(z.regex(/^(100|[1-9]\d?)$/, 'must be a whole number from 1 to 100'))),
  cursor: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, 'must be the nextCursor of a previous page'))),
};

export const positionListQuery = z.strictObject({
  ...page,
  active: z.optional(flag),
});

/** The workspace's filters, named as its address names them. */
export const applicationListQuery = z.strictObject({
  ...page,
  q: z.optional(z.string().check(z.maxLength(200, 'must be at most 200 characters'))),
  position: z.optional(z.uuid('must be a position id')),
  status: z.optional(z.enum(applicationStatuses)),
  rating: z.optional(z.enum(['1', '2', '3', '4', '5', 'unrated'])),
  from: z.optional(day),
  to: z.optional(day),
  source: z.optional(z.string().check(z.maxLength(100, 'must be at most 100 characters'))),
  flag: z.optional(z.enum(['knockout'])),
  interview: z.optional(z.enum(interviewFilters)),
});

export const candidateListQuery = z.strictObject({
  ...page,
  q: z.optional(z.string().check(z.maxLength(200, 'must be at most 200 characters'))),
});

export const interviewListQuery = z.strictObject({
  ...page,
  application: z.optional(z.uuid('must be an application id')),
  status: z.optional(z.enum(bookingStatuses)),
  from: z.optional(instant),
  to: z.optional(instant),
});

export const messageListQuery = z.strictObject({
  ...page,
  unread: z.optional(flag),
  reason: z.optional(z.enum(contactReasons)),
});

export const noQuery = z.strictObject({});

export const statusChangeBody = z.strictObject({
  status: z.enum(applicationStatuses),
  /** Needed to move to Rejected: a reason's id (GET /api/v1/rejection-reasons) and its words when it asks for them. */
  rejection: z.optional(z.nullable(rejectionSchema)),
});

export const noteBody = z.strictObject({
  body: textField(z.trim(), z.minLength(1, reviewMessages.note), z.maxLength(NOTE_MAX, reviewMessages.note)),
});

export const messageUpdateBody = z.strictObject({ read: z.boolean() });

// The answers.

const link = z.url();
const when = z.iso.datetime({ offset: true });

export const positionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  department: z.nullable(z.string()),
  location: z.string(),
  type: z.string(),
  active: z.boolean(),
  createdAt: when,
  url: link,
});

export const applicationSchema = z.object({
  id: z.uuid(),
  position: z.object({ id: z.uuid(), title: z.string() }),
  candidateId: z.nullable(z.uuid()),
  name: z.string(),
  email: z.string(),
  /** Only to those who may contact the candidate (not an interviewer): otherwise null. */
  phone: z.nullable(z.string()),
  address: z.nullable(z.string()),
  status: z.enum(applicationStatuses),
  source: z.nullable(z.string()),
  knockedOut: z.boolean(),
  createdAt: when,
  updatedAt: when,
  url: link,
});

export const applicationDetailSchema = z.extend(applicationSchema, {
  coverLetter: z.nullable(z.string()),
  linkedin: z.nullable(z.string()),
  github: z.nullable(z.string()),
  screeningAnswers: z.array(z.object({ question: z.string(), answer: z.string() })),
});

export const candidateSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** Their applications the token's owner may read the history of, newest first. */
  applications: z.array(z.object({ id: z.uuid(), positionId: z.uuid(), status: z.enum(applicationStatuses), createdAt: when })),
  url: link,
});

export const interviewSchema = z.object({
  id: z.uuid(),
  applicationId: z.uuid(),
  positionId: z.uuid(),
  candidateName: z.string(),
  startsAt: when,
  endsAt: when,
  status: z.enum(bookingStatuses),
  interviewers: z.array(z.object({ id: z.string(), name: z.string() })),
  url: link,
});

export const messageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  reason: z.enum(contactReasons),
  message: z.string(),
  hasAttachment: z.boolean(),
  read: z.boolean(),
  createdAt: when,
  url: link,
});

export const listOf = <T extends z.ZodMiniType>(item: T) => z.object({ data: z.array(item), nextCursor: z.nullable(z.string()) });
export const oneOf = <T extends z.ZodMiniType>(item: T) => z.object({ data: item });
export const doneSchema = z.object({ data: z.object({ ok: z.literal(true) }) });
export const reasonSchema = z.object({ id: z.uuid(), label: z.string(), asksDetail: z.boolean() });
export const createdNoteSchema = z.object({ data: z.object({ id: z.uuid() }) });

export const apiErrorSchema = z.object({
  error: z.object({
    code: z.enum(['unauthorized', 'forbidden', 'not_found', 'invalid', 'rate_limited', 'method_not_allowed', 'conflict']),
    message: z.string(),
    /** The parameter or field the message is about, when it is about one. */
    field: z.optional(z.string()),
  }),
});

export type ApiError = z.output<typeof apiErrorSchema>['error'];
