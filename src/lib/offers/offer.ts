import { z } from 'zod/mini';
import { lineField, textField, tooLong, wholeAmount, wholeAmountMessage } from '../forms.ts';
import { fillPlaceholders, unknownPlaceholders, templateMessages } from '../applications/templates.ts';
import { offerBandTexts, offerCurrencies, payPeriods, type OfferBand, type PayPeriod } from './band.ts';
import { COMPANY_TIME_ZONE } from '../format.ts';
import { zoneLabel } from '../scheduling/format.ts';

/**
 * An offer (issue 54): the terms a recruiter drafts for one application, the letter they fill from
 * a template, the approvals it needs, and what the candidate answers. Shared by the forms, the
 * actions and the database's checks; the server decides who may do what (access/rules.ts).
 */

/**
 * Where an offer is: drafted; waiting for its approvals; approved (ready to send); sent to the
 * candidate; then accepted, declined, expired at its date, withdrawn by the team, or replaced by
 * a new version. An accepted offer is sealed: the database refuses any change to it.
 */
export const offerStatuses = ['draft', 'approval', 'approved', 'sent', 'accepted', 'declined', 'expired', 'withdrawn', 'replaced'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** The offers still in play: one per application at a time (a unique index says so). */
export const openOfferStatuses = ['draft', 'approval', 'approved', 'sent'] as const satisfies readonly OfferStatus[];
/** The offers the team may still edit (a change after an approval asks for the approvals again). */
export const editableOfferStatuses = ['draft', 'approval', 'approved'] as const satisfies readonly OfferStatus[];

/** A sent offer's ends from which a new version can follow (a signed one is done). */
export const replaceableOfferStatuses = ['sent', 'declined', 'expired', 'withdrawn'] as const satisfies readonly OfferStatus[];

export const isOpenOffer = (status: OfferStatus) => (openOfferStatuses as readonly OfferStatus[]).includes(status);
export const isReplaceableOffer = (status: OfferStatus) => (replaceableOfferStatuses as readonly OfferStatus[]).includes(status);

/**
 * Whether a sent offer's answer-by day has passed: it expires at the end of that day in the
 * company's zone (`today` is the company's day). The hourly job's SQL (offers.ts) says the same.
 */
export const isPastExpiry = (offer: { status: OfferStatus; expiresOn: string }, today: string) =>
  offer.status === 'sent' && offer.expiresOn < today;
export const isEditableOffer = (status: OfferStatus) => (editableOfferStatuses as readonly OfferStatus[]).includes(status);

export const offerStatusLabels: Record<OfferStatus, string> = {
  draft: 'Draft',
  approval: 'Waiting for approval',
  approved: 'Approved, not sent',
  sent: 'Sent',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
  replaced: 'Replaced',
};

/** Approvals asked of everyone at once, or one after another in the order listed. */
export const approvalModes = ['sequence', 'parallel'] as const;
export type ApprovalMode = (typeof approvalModes)[number];
export const approvalModeLabels: Record<ApprovalMode, string> = {
  sequence: 'One after another, in order',
  parallel: 'All at once',
};

/** Why someone is asked to approve: they manage the position's hiring, or the offer is outside its pay band. */
export const approverKinds = ['hiring_manager', 'admin'] as const;
export type ApproverKind = (typeof approverKinds)[number];

export const approvalDecisions = ['approved', 'changes'] as const;
export type ApprovalDecision = (typeof approvalDecisions)[number];

/** The placeholders an offer letter may use, with what each stands for (the templates page lists them). */
export const offerPlaceholders = {
  candidate_name: "the candidate's full name",
  first_name: "the candidate's first name",
  position_title: 'the position',
  start_date: 'the start date',
  salary: 'the salary, as a number (150,000)',
  salary_period: 'its period (a year, a month, an hour)',
  currency: 'its currency (EUR)',
  bonus: 'the bonus, as written on the offer',
  equity: 'the equity, as written on the offer',
  location: 'where the work is',
  reporting_to: 'whom the person reports to',
  expiry_date: 'the date the offer expires',
  sender_name: 'the name of the person who sends it',
  company: 'the company',
} as const;
export type OfferPlaceholderValues = Record<keyof typeof offerPlaceholders, string>;

/** The letter a new template starts from, and the one an offer uses when no template is kept yet. */
export const standardOfferLetter = {
  name: 'Standard offer letter',
  body: [
    'Dear {{first_name}},',
    '',
    'We are delighted to offer you the position of **{{position_title}}** at {{company}}. This letter sets out the terms of our offer.',
    '',
    '## The terms',
    '',
    '- **Start date:** {{start_date}}',
    '- **Salary:** {{currency}} {{salary}} {{salary_period}}',
    '- **Bonus:** {{bonus}}',
    '- **Equity:** {{equity}}',
    '- **Location:** {{location}}',
    '- **Reporting to:** {{reporting_to}}',
    '',
    'This offer is open until {{expiry_date}}. To accept it, sign it on your application page by typing your full name; to decline it, tell us there, with a reason if you wish.',
    '',
    'We look forward to working with you.',
    '',
    'Kind regards,',
    '',
    // A backslash at a line's end keeps the next line its own (Markdown's hard break).
    '{{sender_name}}\\',
    '{{company}}',
  ].join('\n'),
} as const;

export const offerMessages = {
  templateName: 'Name the template (2 to 100 characters)',
  letter: 'Write the letter (at most 20,000 characters)',
  unknown: templateMessages.unknown,
  startDate: 'Choose the start date',
  expiresOn: 'Choose the date the offer expires',
  expiryPast: 'The offer must expire today or later',
  expiryAfterStart: 'The offer must expire before the start date',
  salary: wholeAmountMessage,
  salaryRequired: 'Enter the salary',
  currency: 'Choose a currency',
  period: 'Choose a period',
  bonus: tooLong(200),
  equity: tooLong(200),
  location: 'Enter where the work is (at most 200 characters)',
  reportingTo: tooLong(200),
  approvalMode: 'Choose how the approvals are asked',
  comment: 'Say what should change (at most 2,000 characters)',
  commentTooLong: tooLong(2000),
  signature: 'Type your full name as it appears on the offer',
  signatureMismatch: (name: string) => `Type your full name exactly as the offer gives it: ${name}`,
  declineReason: tooLong(2000),
  code: 'Enter the 6-digit code from the e-mail',
  codeWrong: 'That is not the code we sent: check the e-mail, or ask for a new code',
  codeExpired: 'The code has expired: ask for a new one',
  codeTries: 'Too many wrong codes: ask for a new one',
  codesSpent: 'Too many codes were sent for this offer: reply to the offer’s e-mail and the hiring team will help',
  gone: 'This offer no longer exists',
  notEditable: 'This offer can no longer be changed: make a new version instead',
  notDraft: 'Only a draft is sent for approval',
  decided: 'This application is already decided: no offer can be made on it',
  alreadyOpen: 'This application already has an offer in progress',
  notYourTurn: 'This approval is not yours to give, or not yet',
  notApproved: 'The offer needs all its approvals before it is sent',
  notSent: 'This offer is not open for an answer',
  expired: 'This offer has expired',
  notReplaceable: 'Only a sent, declined, expired or withdrawn offer can be replaced by a new version',
  noEmail: 'The candidate’s address no longer receives our e-mail: it bounced',
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) =>
  ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const dayField = (message: string) => textField(z.trim(), z.refine(isRealDay, message));
const optionalLine = (max: number, message: string) => lineField(z.trim(), z.maxLength(max, message));

/** A letter template's text: Markdown with only the known placeholders. */
export const letterField = textField(
  z.trim(),
  z.minLength(1, offerMessages.letter),
  z.maxLength(20_000, offerMessages.letter),
  z.superRefine((text, context) => {
    const unknown = unknownPlaceholders(text, offerPlaceholders);
    if (unknown.length) context.issues.push({ code: 'custom', message: offerMessages.unknown(unknown), input: text });
  }),
);

export const offerTemplateSchema = z.object({
  /** Absent: a new template. */
  id: z.optional(z.uuid()),
  name: lineField(z.trim(), z.minLength(2, offerMessages.templateName), z.maxLength(100, offerMessages.templateName)),
  body: letterField,
});
export type OfferTemplateInput = z.input<typeof offerTemplateSchema>;
export const offerTemplateIdSchema = z.object({ id: z.uuid() });

/** The terms and the letter of an offer, as its form sends them. */
export const offerTermsSchema = z
  .object({
    letter: letterField,
    startDate: dayField(offerMessages.startDate),
    expiresOn: dayField(offerMessages.expiresOn),
    salary: textField(
      z.trim(),
      z.minLength(1, offerMessages.salaryRequired),
      z.refine((value) => /^\d{1,9}$/.test(value.replace(/[,\s]/g, '')), offerMessages.salary),
    ),
    currency: z.enum(offerCurrencies, { error: offerMessages.currency }),
    period: z.enum(payPeriods, { error: offerMessages.period }),
    bonus: optionalLine(200, offerMessages.bonus),
    equity: optionalLine(200, offerMessages.equity),
    location: lineField(z.trim(), z.minLength(1, offerMessages.location), z.maxLength(200, offerMessages.location)),
    reportingTo: optionalLine(200, offerMessages.reportingTo),
    approvalMode: z.enum(approvalModes, { error: offerMessages.approvalMode }),
  })
  .check(z.refine((terms) => terms.expiresOn < terms.startDate, { message: offerMessages.expiryAfterStart, path: ['expiresOn'] }));
export type OfferTermsInput = z.input<typeof offerTermsSchema>;
export type OfferTerms = z.output<typeof offerTermsSchema>;

/** An offer's terms as stored (the form's are text: offerTermsSchema). */
export interface StoredOfferTerms {
  startDate: string;
  expiresOn: string;
  salary: number;
  currency: string;
  period: PayPeriod;
  bonus: string;
  equity: string;
  location: string;
  reportingTo: string;
}

/** A stored offer's terms as its form's initial values. */
export function offerTermsFormValues(offer: StoredOfferTerms & { letter: string; approvalMode: ApprovalMode }): OfferTermsInput {
  return { ...offer, salary: String(offer.salary), currency: offer.currency as OfferTermsInput['currency'] };
}

export const createOfferSchema = z.object({ applicationId: z.uuid(), templateId: z.nullable(z.uuid()) });
export const saveOfferSchema = z.object({ offerId: z.uuid(), terms: offerTermsSchema });
export const offerIdSchema = z.object({ offerId: z.uuid() });
export const decideApprovalSchema = z
  .object({
    offerId: z.uuid(),
    decision: z.enum(approvalDecisions),
    comment: textField(z.trim(), z.maxLength(2000, offerMessages.commentTooLong)),
  })
  .check(
    // Asking for changes says which: an approval may come without a word.
    z.refine((input) => input.decision === 'approved' || input.comment.length > 0, { message: offerMessages.comment, path: ['comment'] }),
  );

/** The candidate's answer, from their application page (the page's token is the key). */
/** How signing works (decision 071): a one-time code e-mailed to the candidate's address, 6 digits. */
export const SIGNING_CODE_MINUTES = 15;
/** Codes sent for one offer, and wrong tries of one code, at most. */
export const SIGNING_CODES_MAX = 5;
export const SIGNING_TRIES_MAX = 5;

/**
 * Accepting, in two steps: the name typed (a code is e-mailed), then the name and the code (signed).
 * Without a code it asks for one.
 */
export const acceptOfferSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(200)),
  offerId: z.uuid(),
  signature: lineField(z.trim(), z.minLength(1, offerMessages.signature), z.maxLength(200, offerMessages.signature)),
  code: z.optional(textField(z.trim(), z.regex(/^\d{6}$/, offerMessages.code))),
});
/** Where signing stands on the candidate's page: the name typed, the step, the masked address a code went to, the refusal on the step's field. */
export interface SigningState {
  signature: string;
  step: 'name' | 'code';
  sentTo?: string;
  error?: string | undefined;
}

export const declineOfferSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(200)),
  offerId: z.uuid(),
  reason: textField(z.trim(), z.maxLength(2000, offerMessages.declineReason)),
});

/** Whether the typed signature is the name on the offer: letters' case, accents' forms and spaces aside. */
export function signatureMatches(typed: string, fullName: string): boolean {
  const plain = (text: string) => text.normalize('NFC').toLocaleLowerCase('en-US').replace(/\s+/g, ' ').trim();
  return plain(typed) === plain(fullName);
}

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** "June 1, 2027" for a day "2027-06-01" (a calendar day, read in no zone). */
export const formatOfferDay = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/** When an offer must be answered by, said with its zone: "the end of March 9, 2027, Central Time (America/Chicago)". */
export const offerDeadline = (expiresOn: string, now = new Date()) =>
  `the end of ${formatOfferDay(expiresOn)}, ${zoneLabel(COMPANY_TIME_ZONE, now)}`;

/** The offer's pay as one line: "EUR 150,000 a year". */
export function formatOfferPay(pay: { salary: number; currency: string; period: PayPeriod }): string {
  return `${pay.currency} ${wholeNumber.format(pay.salary)} ${offerBandTexts.per[pay.period]}`;
}

/** One offer of the offers list (issue 54), as the server reads it and the table shows it. */
export interface OfferListRow {
  id: string;
  applicationId: string;
  positionId: string;
  candidateName: string;
  positionTitle: string;
  version: number;
  status: OfferStatus;
  salary: number;
  currency: string;
  period: PayPeriod;
  startDate: string;
  expiresOn: string;
  updatedAt: Date;
  /** The approvals of its current round: given, and asked. */
  approved: number;
  asked: number;
  /** Whether an approval of the reader's is due on it now. */
  waitsForMe: boolean;
}

/** Whether the pay is inside the band (same currency and period, within its ends); no band: outside. */
export function withinBand(pay: { salary: number; currency: string; period: PayPeriod }, band: OfferBand | null): boolean {
  return band !== null && band.currency === pay.currency && band.period === pay.period && pay.salary >= band.min && pay.salary <= band.max;
}

/** What an offer's letter says of it: its terms, the candidate, the position and who sends it. */
export interface OfferLetterFacts extends StoredOfferTerms {
  candidateName: string;
  positionTitle: string;
  senderName: string;
}

/** What the letter's placeholders stand for in one offer. Empty optional terms read "None". */
export function offerPlaceholderValues(offer: OfferLetterFacts & { company: string }): OfferPlaceholderValues {
  const first = offer.candidateName.trim().split(/\s+/)[0] ?? offer.candidateName;
  return {
    candidate_name: offer.candidateName,
    first_name: first,
    position_title: offer.positionTitle,
    start_date: formatOfferDay(offer.startDate),
    salary: wholeNumber.format(offer.salary),
    salary_period: offerBandTexts.per[offer.period],
    currency: offer.currency,
    bonus: offer.bonus || 'None',
    equity: offer.equity || 'None',
    location: offer.location,
    reporting_to: offer.reportingTo || 'To be confirmed',
    expiry_date: formatOfferDay(offer.expiresOn),
    sender_name: offer.senderName,
    company: offer.company,
  };
}

/**
 * A value as Markdown that reads as itself: a candidate named "[Click](https://…)" or a bonus of
 * "*10%*" is printed as typed, never made a link or emphasis in the letter, its preview or its PDF.
 */
export function markdownText(value: string): string {
  return (
    value
      // Inline marks, and & (which would start an entity such as &amp;).
      .replace(/[\\`*_[\]<>|~!#&]/g, '\\$&')
      // At the start of a line: a list's "- " or "1. ", a rule or a heading's underline ("---", "===").
      .replace(/^([-+=])/, '\\$1')
      .replace(/^(\d+)([.)])(\s)/, '$1\\$2$3')
  );
}

/** The letter the candidate reads: the template's Markdown with the offer's values, each read as plain text. */
export const fillOfferLetter = (letter: string, values: OfferPlaceholderValues) =>
  fillPlaceholders(letter, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, markdownText(value)])));

/** The stored salary of the form's text ("150,000"). */
export const salaryOf = (terms: Pick<OfferTerms, 'salary'>) => wholeAmount(terms.salary)!;
