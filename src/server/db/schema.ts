import { sql } from 'drizzle-orm';
import { assuranceLevels, roles } from '../../lib/accounts/schema.ts';
import { signInMethods, type SsoRoleMapping } from '../../lib/accounts/sso.ts';
import { genders } from '../../lib/applications/schema.ts';
import { applicationStatuses } from '../../lib/applications/status.ts';
import type { ScreeningAnswer, ScreeningQuestion } from '../../lib/screening/questions.ts';
import { recommendations, type InterviewPlan } from '../../lib/interviews/plan.ts';
import { scorecardStatuses, type ScorecardAnswer } from '../../lib/interviews/scorecard.ts';
import { emailTemplateKeys } from '../../lib/applications/templates.ts';
import { contactReasons } from '../../lib/messages/schema.ts';
import { positionTypes } from '../../lib/positions/schema.ts';
import { payPeriods } from '../../lib/offers/band.ts';
import { approvalDecisions, approvalModes, approverKinds, offerStatuses } from '../../lib/offers/offer.ts';
import { MAX_UPLOAD_BYTES, uploadPurposeNames } from '../../lib/uploads.ts';
import { EXTRACTION_MAX_CHARACTERS, noTextReasons } from '../../lib/resumes/extraction.ts';
import {
  bookingKinds,
  bookingStatuses,
  bookingCancellers,
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_NOTICE_MINUTES,
  interviewRequestStatuses,
  type WorkingInterval,
} from '../../lib/scheduling/hours.ts';
import { postStatuses, revisionKinds, type PostContent } from '../../lib/posts/content.ts';
import { inboundChannels, inboundKinds, REPLY_ATTACHMENT_MAX_BYTES } from '../../lib/replies/kinds.ts';
import { senderStatuses, type EventData, type EventKind } from '../../lib/events/kinds.ts';
import {
  DEFAULT_DIGEST_HOUR,
  noticeEmailStates,
  noticeReasons,
  type EmailChoice,
  type NoticeTopic,
} from '../../lib/notifications/kinds.ts';
import { deliveryStates, integrationKinds } from '../../lib/integrations/integration.ts';
import { apiTokenScopes } from '../../lib/api/tokens.ts';
import { auditActionNames, auditTargetTypes } from '../audit/actions.ts';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  date,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The spec's entities (section 3) plus what a real job board needs. Rules live in the database
 * too (not null, checks, foreign keys), so no code path can store a bad row. The four account
 * tables (users, sessions, accounts, verifications) have the layout Better Auth expects; the
 * spec's profile (full_name, username, first_name, last_name, role) lives on users.
 */

export const applicationLinkOrigins = ['confirmation', 'request', 'account'] as const;

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** PostgreSQL's text-search document; written by the database's own triggers (migration 0019), never by the code. */
const tsvector = customType<{ data: string; driverData: string }>({ dataType: () => 'tsvector' });

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** The spec's full_name: first and last name joined. */
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    role: text('role', { enum: roles }).notNull().default('user'),
    /** Better Auth's two-factor plugin: true once a TOTP factor is verified. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * When the current password was set by someone who had just proven the address (following the
     * e-mailed confirmation or reset link, an invitation, or `admin:create`); null for a password
     * chosen before that (a sign-up), which ADMIN_EMAILS never trusts (decision 028).
     */
    passwordProvenAt: timestamp('password_proven_at', { withTimezone: true }),
    /** The admin role came from ADMIN_EMAILS (and goes when the address leaves the list); any other role change clears it. */
    roleFromAdminEmails: boolean('role_from_admin_emails').notNull().default(false),
    /**
     * A break-glass admin (`npm run admin:create`, issue 56): signs in with the site's password and
     * code even where single sign-on is the only way in, and every such sign-in is audited loudly.
     */
    breakGlass: boolean('break_glass').notNull().default(false),
    /** The role came from the identity provider's claim (issue 56), which may take it back; a person's change clears it. */
    roleFromSso: boolean('role_from_sso').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_role', inList('role', roles)),
    check('users_email_lowercase', sql`${t.email} = lower(${t.email})`),
    uniqueIndex('users_username_idx').on(sql`lower(${t.username})`),
    index('users_created_idx').on(t.createdAt.desc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * Authenticator assurance: aal1 after a password alone, aal2 after a second factor. A session
     * is aal2 only when created by a code step (src/server/accounts/auth.ts), never from a request.
     */
    aal: text('aal', { enum: assuranceLevels }).notNull().default('aal1'),
    /** How it began: the site's password (and code), or the company's identity provider (issue 56). */
    method: text('method', { enum: signInMethods }).notNull().default('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    check('sessions_aal', inList('aal', assuranceLevels)),
    check('sessions_method', inList('method', signInMethods)),
    // The 30-day cap, where every reader of sessions sees it (a trigger of the migration clamps it too).
    check('sessions_absolute_cap', sql`${t.expiresAt} <= ${t.createdAt} + interval '30 days'`),
  ],
);

/**
 * Better Auth's two-factor plugin: one TOTP factor per user, its secret and backup codes encrypted
 * with AUTH_SECRET; `verified` once a first code confirmed it. Failed codes lock it for a while.
 */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(false),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factors_user_idx').on(t.userId)],
);

/** Browsers an account has signed in from (a random cookie, stored hashed): a new one is e-mailed to the owner. */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_user_device_idx').on(t.userId, t.deviceHash)],
);

/** Staff invited by an admin: a single-use link (its token stored hashed), valid 7 days. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role', { enum: roles }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('invitations_role', inList('role', roles)),
    check('invitations_email_lowercase', sql`${t.email} = lower(${t.email})`),
    // At most one open invitation per address.
    uniqueIndex('invitations_open_email_idx')
      .on(t.email)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('invitations_created_idx').on(t.createdAt.desc()),
  ],
);

/** Credentials: for e-mail sign-in, providerId "credential" and the password hash. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

/** E-mail verification and password-reset tokens. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const departments = pgTable(
  'departments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [check('departments_name_length', sql`char_length(${t.name}) between 2 and 80`)],
);

export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    location: text('location').notNull(),
    type: text('type', { enum: positionTypes }).notNull().default('Remote'),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    requirements: text('requirements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    responsibilities: text('responsibilities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    salaryCurrency: text('salary_currency').notNull().default('USD'),
    /**
     * The pay band offers are made within (issue 54): private to those who may read offers, unlike
     * the advertised salary above; an offer outside it needs an admin's approval. All four or none.
     */
    offerBandMin: integer('offer_band_min'),
    offerBandMax: integer('offer_band_max'),
    offerBandCurrency: text('offer_band_currency'),
    offerBandPeriod: text('offer_band_period', { enum: payPeriods }),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    /** When it was last deactivated (null while active): its applications' retention counts from then. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /** When job alerts announced it (once: deactivating and activating again announces nothing). */
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** The position's own screening questions, in the order the apply form asks them. */
    screeningQuestions: jsonb('screening_questions')
      .$type<ScreeningQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Its interview plan (issue 32): stages and focus attributes; null until edited (its department's default). */
    interviewPlan: jsonb('interview_plan').$type<InterviewPlan>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('positions_title_length', sql`char_length(${t.title}) between 2 and 200`),
    check('positions_description_not_blank', sql`char_length(trim(${t.description})) > 0`),
    check('positions_location_not_blank', sql`char_length(trim(${t.location})) > 0`),
    check('positions_type', inList('type', positionTypes)),
    check(
      'positions_salary_range',
      sql`${t.salaryMin} is null or ${t.salaryMax} is null or (${t.salaryMin} >= 0 and ${t.salaryMin} <= ${t.salaryMax})`,
    ),
    check('positions_salary_currency', sql`${t.salaryCurrency} ~ '^[A-Z]{3}$'`),
    check(
      'positions_offer_band',
      sql`(${t.offerBandMin} is null and ${t.offerBandMax} is null and ${t.offerBandCurrency} is null and ${t.offerBandPeriod} is null)
        or (${t.offerBandMin} is not null and ${t.offerBandMax} is not null and ${t.offerBandCurrency} is not null and ${t.offerBandPeriod} is not null
          and ${t.offerBandMin} >= 0 and ${t.offerBandMin} <= ${t.offerBandMax} and ${t.offerBandCurrency} ~ '^[A-Z]{3}$' and ${inList('offer_band_period', payPeriods)})`,
    ),
    // The job board lists active positions newest first, filtered by department.
    index('positions_active_created_idx').on(t.isActive, t.createdAt.desc()),
    index('positions_department_idx').on(t.departmentId),
  ],
);

/** A file uploaded before the form that uses it is sent; unattached ones are cleaned up after 3 hours (src/server/uploads/cleanup.ts). */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull().unique(),
    purpose: text('purpose', { enum: uploadPurposeNames }).notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Who uploaded it, for the quota of bytes not yet attached: a keyed hash of the client (src/server/uploads/quota.ts), never an address. */
    clientKey: text('client_key'),
  },
  (t) => [
    check('uploads_purpose', inList('purpose', uploadPurposeNames)),
    check('uploads_size', sql`${t.size} > 0 and ${t.size} <= ${sql.raw(String(MAX_UPLOAD_BYTES))}`),
    index('uploads_unattached_idx')
      .on(t.createdAt)
      .where(sql`attached_at is null`),
  ],
);

/**
 * Bytes promised to uploads in progress (src/server/uploads/quota.ts): counted with the stored
 * uploads not yet attached, so uploads running at the same time cannot pass a quota together.
 * Removed when the upload ends; one left by a crash stops counting after 15 minutes and is deleted
 * by the clean-up job.
 */
export const uploadReservations = pgTable('upload_reservations', {
  id: uuid('id').primaryKey().defaultRandom(),
  clientKey: text('client_key').notNull(),
  bytes: integer('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * A person who applied (issue 33): applications with the same e-mail are one candidate (a trigger
 * gives each new application the candidate of its address, migration 0020), and a recruiter merges
 * two that are one person (candidate_merges, undoable). No personal data of its own: it is what
 * the applications share.
 */
export const candidates = pgTable('candidates', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'restrict' }),
    /**
     * The person (issue 33). Left out of an insert, the database fills it (trigger
     * applications_candidate, migration 0020): the candidate of the address, or a new one. The
     * default below only tells the code that it may be left out.
     */
    candidateId: uuid('candidate_id')
      .notNull()
      .default(sql`null`)
      .references(() => candidates.id, { onDelete: 'restrict' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    gender: text('gender', { enum: genders }).notNull(),
    linkedinProfile: text('linkedin_profile'),
    githubProfile: text('github_profile'),
    vercelProfile: text('vercel_profile'),
    coverLetter: text('cover_letter').notNull(),
    /** The private resume: an upload, never a public URL (DECISIONS.md). */
    resumeUploadId: uuid('resume_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    status: text('status', { enum: applicationStatuses }).notNull().default('pending'),
    /** When it reached hired or rejected (null while undecided): its retention counts from then. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The privacy notice the applicant acknowledged, and when (required to apply). */
    privacyNoticeVersion: text('privacy_notice_version'),
    privacyAcknowledgedAt: timestamp('privacy_acknowledged_at', { withTimezone: true }),
    /** Consent to be kept in the talent pool: when given, and until when it holds. */
    talentPoolConsentAt: timestamp('talent_pool_consent_at', { withTimezone: true }),
    talentPoolUntil: timestamp('talent_pool_until', { withTimezone: true }),
    /** When the candidate was asked to renew this consent (a month before it ends, issue 33); cleared by a renewal. */
    talentPoolRenewalAskedAt: timestamp('talent_pool_renewal_asked_at', { withTimezone: true }),
    /** A legal hold keeps the application from the retention job and from erasure. */
    legalHoldReason: text('legal_hold_reason'),
    /** Our e-mails to the address failed for good (a bounce came back, issue 35); cleared when they write again. */
    emailBouncedAt: timestamp('email_bounced_at', { withTimezone: true }),
    emailBounceReason: text('email_bounce_reason'),
    legalHoldAt: timestamp('legal_hold_at', { withTimezone: true }),
    /** Where the applicant came from: a UTM source, the referring site's host, or "direct". */
    source: text('source').notNull().default('direct'),
    sourceMedium: text('source_medium'),
    sourceCampaign: text('source_campaign'),
    /** The answer to "How did you hear about us?", as the option read then. */
    heardAbout: text('heard_about'),
    /** The screening questions as asked, with the answers. */
    screeningAnswers: jsonb('screening_answers')
      .$type<ScreeningAnswer[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** An answer was a knock-out answer: flagged for a person to look at, never rejected automatically. */
    knockedOut: boolean('knocked_out').notNull().default(false),
    /**
     * What the workspace's search reads (issue 33): name and e-mail (weight A), the resume's text (B),
     * cover letter, screening answers and notes (C). Kept by triggers on this table, resume_texts and
     * application_notes (application_search_vector(), migration 0019), so no write can leave it stale.
     */
    searchVector: tsvector('search_vector'),
    /**
     * The last activity as migration 0029 kept it, read by the previous release only: nothing here
     * reads or keeps it since migration 0030 (application_activity). Dropped in a later release,
     * once no instance of the previous one can be running (docs/operations.md, "Upgrades").
     */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('applications_source_length', sql`char_length(${t.source}) between 1 and 100`),
    check('applications_legal_hold', sql`(${t.legalHoldReason} is null) = (${t.legalHoldAt} is null)`),
    check('applications_talent_pool', sql`(${t.talentPoolConsentAt} is null) = (${t.talentPoolUntil} is null)`),
    check('applications_full_name_length', sql`char_length(${t.fullName}) between 5 and 200`),
    check('applications_email', sql`${t.email} ~* '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$'`),
    // Stored lowercased, so one address is one applicant (and one application per position).
    check('applications_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('applications_phone', sql`${t.phone} ~ '^\\+[0-9]{7,18}$'`),
    check('applications_address_length', sql`char_length(${t.address}) >= 10`),
    check('applications_gender', inList('gender', genders)),
    check('applications_status', inList('status', applicationStatuses)),
    check('applications_cover_letter_not_blank', sql`char_length(trim(${t.coverLetter})) > 0`),
    index('applications_position_created_idx').on(t.positionId, t.createdAt.desc()),
    // One application per e-mail per position (e-mails are stored lowercased); also makes a
    // double-clicked or retried submit land once.
    uniqueIndex('applications_position_email_idx').on(t.positionId, t.email),
    // A resume belongs to one application.
    uniqueIndex('applications_resume_upload_idx').on(t.resumeUploadId),
    index('applications_status_idx').on(t.status),
    index('applications_source_idx').on(t.source),
    index('applications_search_idx').using('gin', t.searchVector),
    index('applications_candidate_idx').on(t.candidateId),
    // One person's applications by address, and the duplicates suggested by phone, LinkedIn profile and name.
    index('applications_email_idx').on(t.email),
    index('applications_phone_idx').on(t.phone),
    index('applications_linkedin_idx').on(sql`lower(rtrim(regexp_replace(${t.linkedinProfile}, '^https?://(www[.])?', ''), '/'))`),
    index('applications_full_name_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`),
    // The talent pool: applications whose consent still holds.
    index('applications_talent_pool_idx')
      .on(t.talentPoolUntil)
      .where(sql`talent_pool_until is not null`),
    // Part of a name or an address ("ali", "@example"): trigram matches, found through the index.
    index('applications_name_email_trgm_idx').using('gin', sql`(${t.fullName} || ' ' || ${t.email}) gin_trgm_ops`),
  ],
);

/**
 * A recruiter's merge of two candidates who are one person (issue 33): the applications moved from
 * `merged` to `kept`, so an undo moves exactly those back (and any sent since from their addresses).
 */
export const candidateMerges = pgTable(
  'candidate_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keptCandidateId: uuid('kept_candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    mergedCandidateId: uuid('merged_candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    applicationIds: uuid('application_ids').array().notNull(),
    mergedByUserId: text('merged_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    mergedByEmail: text('merged_by_email').notNull(),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneByEmail: text('undone_by_email'),
  },
  (t) => [
    check('candidate_merges_two', sql`${t.keptCandidateId} <> ${t.mergedCandidateId}`),
    check('candidate_merges_undone', sql`(${t.undoneAt} is null) = (${t.undoneByEmail} is null)`),
    index('candidate_merges_kept_idx').on(t.keptCandidateId),
    index('candidate_merges_merged_idx').on(t.mergedCandidateId),
  ],
);

/**
 * A candidate of the talent pool invited to apply for a position (issue 33): once per candidate
 * and position, so nobody is invited twice; the e-mail as sent is on the queue, not here.
 */
export const talentPoolInvitations = pgTable(
  'talent_pool_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    sentByUserId: text('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    sentByEmail: text('sent_by_email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('talent_pool_invitations_once_idx').on(t.candidateId, t.positionId)],
);

/**
 * The text read from an application's resume (issue 33), or why there is none: a row once the
 * reader has been at it (none while it waits). Candidate data: deleted with the application,
 * in the privacy export, never logged. `extractor_version` tells which resumes a better reader
 * must read again.
 */
export const resumeTexts = pgTable(
  'resume_texts',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    text: text('text'),
    /** Why there is no text (null when there is). */
    noTextReason: text('no_text_reason', { enum: noTextReasons }),
    pages: integer('pages'),
    extractorVersion: integer('extractor_version').notNull(),
    durationMs: integer('duration_ms').notNull(),
    extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('resume_texts_text_or_reason', sql`(${t.text} is null) <> (${t.noTextReason} is null)`),
    check('resume_texts_reason', sql`${t.noTextReason} is null or ${inList('no_text_reason', noTextReasons)}`),
    check('resume_texts_length', sql`char_length(${t.text}) <= ${sql.raw(String(EXTRACTION_MAX_CHARACTERS))}`),
    index('resume_texts_version_idx').on(t.extractorVersion),
  ],
);

/**
 * The candidate's own link to their application (/applications/{token}, issue 19): only the
 * token's SHA-256 is kept, so the database never holds a working link. A link expires; one sent on
 * request ends the earlier ones once it is first opened (src/server/candidates/links.ts).
 */
export const applicationLinks = pgTable(
  'application_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** confirmation: with the application; request: "e-mail me my links" or a repeated application; account: the signed-in owner's. */
    origin: text('origin', { enum: applicationLinkOrigins }).notNull().default('confirmation'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    firstOpenedAt: timestamp('first_opened_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('application_links_application_idx').on(t.applicationId),
    check('application_links_origin', inList('origin', applicationLinkOrigins)),
  ],
);

/**
 * "Delete my data" from a candidate's link: a one-time confirmation e-mailed to the application's
 * address (only its SHA-256 kept), so a link alone cannot erase anything.
 */
export const erasureConfirmations = pgTable(
  'erasure_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('erasure_confirmations_application_idx').on(t.applicationId)],
);

/**
 * Job alerts (issue 19): an address with an optional department and location, confirmed by a
 * link in an e-mail before anything is sent; unsubscribed by a link or the List-Unsubscribe POST.
 * Tokens are kept as SHA-256 hashes.
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    departmentId: uuid('department_id').references(() => departments.id, { onDelete: 'set null' }),
    location: text('location'),
    confirmTokenHash: text('confirm_token_hash').notNull().unique(),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The last digest sent: at most one a day. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('job_alerts_email_lowercase', sql`${t.email} = lower(${t.email})`),
    // One alert per address and filter ("any department" included).
    unique('job_alerts_email_filter').on(t.email, t.departmentId, t.location).nullsNotDistinct(),
  ],
);

/** Positions waiting to be told to one alert's address in its next digest. */
export const jobAlertMatches = pgTable(
  'job_alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.positionId] })],
);

/** Why applications are rejected: the list admins keep. Archived ones are offered no more but stay on past rejections. */
export const rejectionReasons = pgTable('rejection_reasons', {
  id: uuid('id').primaryKey().defaultRandom(),
  label: text('label').notNull().unique('rejection_reasons_label'),
  /** Asks the person rejecting for a few words ("Other"). */
  asksDetail: boolean('asks_detail').notNull().default(false),
  /** The rejection e-mail this reason offers; null: the Rejection template. */
  emailSubject: text('email_subject'),
  emailBody: text('email_body'),
  sortOrder: integer('sort_order').notNull().default(0),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Each rejection of an application: its reason (the label as it was then), the words given, and the
 * status it was rejected from (the stage the insights count it at). Never shown to the candidate.
 */
export const applicationRejections = pgTable(
  'application_rejections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reasonId: uuid('reason_id').references(() => rejectionReasons.id, { onDelete: 'set null' }),
    reasonLabel: text('reason_label').notNull(),
    detail: text('detail'),
    fromStatus: text('from_status', { enum: applicationStatuses }).notNull(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('application_rejections_from_status', inList('from_status', applicationStatuses)),
    index('application_rejections_application_idx').on(t.applicationId, t.createdAt),
  ],
);

/** Every status an application reached, and when: the funnel and time-to-stage reports read it. */
export const applicationStatusHistory = pgTable(
  'application_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: applicationStatuses }).notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('application_status_history_status', inList('status', applicationStatuses)),
    index('application_status_history_application_idx').on(t.applicationId, t.reachedAt),
  ],
);

/**
 * When an application first reached each stage of the funnel (issue 52): what the funnel and
 * time-to-stage reports count, over the applications of a period, without reading the whole
 * status history (104,768 rows at 50,000 applications: 28 and 21 ms a report). Kept by triggers
 * on applications and application_status_history (migration 0036), so every writer agrees; its
 * arrival time and position copied, so a period's applications are one range of its own index. A
 * narrow table of its own, as application_activity, for the same reason.
 */
export const applicationMilestones = pgTable(
  'application_milestones',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewingAt: timestamp('reviewing_at', { withTimezone: true }),
    interviewAt: timestamp('interview_at', { withTimezone: true }),
    offerAt: timestamp('offer_at', { withTimezone: true }),
    hiredAt: timestamp('hired_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [
    index('application_milestones_created_idx').on(t.createdAt),
    index('application_milestones_position_idx').on(t.positionId, t.createdAt),
  ],
);

/**
 * The last thing that happened to an application: it arrived, moved, got a note or an e-mail
 * (issue 52), with the two things the home pages' "stalled" list asks of it beside it (whether it
 * is under way: reviewing, interview or offer; its position, for a hiring manager's reach). Kept by
 * triggers on applications, application_status_history, application_notes and application_emails
 * (migration 0030), so every writer agrees. A narrow table of its own, not a column of
 * applications: each change of a column there writes a new version of the whole row and an entry
 * in each of its indexes, the search document's among them (6.5 ms a note at 50,000 applications).
 */
export const applicationActivity = pgTable(
  'application_activity',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id').notNull(),
    underWay: boolean('under_way').notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The stalled list, oldest silence first, and its count: a few entries of a small index.
    index('application_activity_stalled_idx')
      .on(t.lastActivityAt, t.applicationId)
      .where(sql`${t.underWay}`),
  ],
);

/**
 * Views of the job board (position_id null) and of each position's page, counted per day on the
 * server: a number, no cookie, no address, no user agent (issue 18).
 */
export const pageViews = pgTable(
  'page_views',
  {
    positionId: uuid('position_id').references(() => positions.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull(),
  },
  (t) => [
    unique('page_views_position_day').on(t.positionId, t.day).nullsNotDistinct(),
    check('page_views_views', sql`${t.views} >= 0`),
    index('page_views_day_idx').on(t.day),
  ],
);

/** The answers of the apply form's optional "How did you hear about us?" select, as an admin keeps them. */
export const heardAboutOptions = pgTable(
  'heard_about_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    label: text('label').notNull().unique(),
    sortOrder: integer('sort_order').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('heard_about_options_label', sql`char_length(trim(${t.label})) between 1 and 80`)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    reason: text('reason', { enum: contactReasons }).notNull(),
    message: text('message').notNull(),
    attachmentUploadId: uuid('attachment_upload_id').references(() => uploads.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** As on applications: our e-mails to the address bounced (issue 35). */
    emailBouncedAt: timestamp('email_bounced_at', { withTimezone: true }),
    emailBounceReason: text('email_bounce_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('contact_messages_reason', inList('reason', contactReasons)),
    check('contact_messages_email', sql`${t.email} ~* '^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$'`),
    check('contact_messages_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check('contact_messages_message_not_blank', sql`char_length(trim(${t.message})) > 0`),
    index('contact_messages_created_idx').on(t.createdAt.desc()),
  ],
);

/** Who did what in the admin area. The actor's e-mail is kept too: it outlives a deleted user. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    /** The actor's role when they acted (reads of candidate data name the reader's role). */
    actorRole: text('actor_role', { enum: roles }),
    action: text('action', { enum: auditActionNames }).notNull(),
    targetType: text('target_type', { enum: auditTargetTypes }).notNull(),
    targetId: text('target_id'),
    details: jsonb('details')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** Facts about the installation itself, such as when the demo data was seeded. */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Rate-limit counters (src/server/rate-limit.ts, rate-limiter-flexible's PostgreSQL store, whose
 * layout this is): in the database so a limit holds across app instances and restarts.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});

/** What each daily run of the retention job deleted (counts only: nothing personal). */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
    applications: integer('applications').notNull(),
    messages: integer('messages').notNull(),
    auditEntries: integer('audit_entries').notNull(),
    files: integer('files').notNull(),
  },
  (t) => [index('retention_runs_started_idx').on(t.startedAt.desc())],
);

/** A reviewer's note on an application: text, never HTML; its author may edit or delete it. */
export const applicationNotes = pgTable(
  'application_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('application_notes_body', sql`char_length(trim(${t.body})) between 1 and 5000`),
    index('application_notes_application_idx').on(t.applicationId, t.createdAt),
  ],
);

/** One rating (1 to 5) per reviewer per application; the application shows their average. */
export const applicationRatings = pgTable(
  'application_ratings',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reviewerUserId: text('reviewer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.reviewerUserId] }),
    check('application_ratings_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * How many applications each position has in each status from each source (issue 52): the
 * workspace's counts of each status and its choice of sources without counting 50,000 rows (18 ms
 * here each time, on every page). Kept by a trigger on applications (migration 0032) that adds a
 * row of +1 or -1 for every arrival, move and removal, never updating a row: applicants and a bulk
 * change touching the same counts never wait for each other or deadlock. The rows of one key are
 * added up into one now and then (applications/tally.ts); a count is the sum of its key's rows.
 */
export const applicationTallies = pgTable(
  'application_tallies',
  {
    // No reference to positions: a position goes only once it has no applications, and what its
    // rows came to, nothing, goes at the next adding up.
    positionId: uuid('position_id').notNull(),
    status: text('status', { enum: applicationStatuses }).notNull(),
    source: text('source').notNull(),
    applications: integer('applications').notNull(),
  },
  // A position's rows (its count on the dashboard's list of positions, its statuses in the
  // workspace): without it, each position read every row (48 positions, 2,184 rows: 15 ms).
  (t) => [index('application_tallies_position_idx').on(t.positionId, t.status)],
);

/**
 * Each application's ratings summed and counted, and the place they give it in "best rated first"
 * (issue 52): kept by triggers on applications and application_ratings (migration 0031), so every
 * writer agrees. The view sorted and filtered on an average computed per application from
 * application_ratings, which meant every application's ratings read and sorted for a page (about
 * 1 s at 50,000); here the order is one index, walked for the 50 rows of a page. The arrival time is
 * copied beside the average because the order breaks ties on it (it never changes). Sums and counts,
 * not an average: two reviewers rating at once each add their own to the latest row.
 */
export const applicationRatingTotals = pgTable(
  'application_rating_totals',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** The average, 0 when unrated: below every rating (1 to 5), as "nulls last" puts the unrated. */
    rank: doublePrecision('rank')
      .notNull()
      .generatedAlwaysAs(sql`case when rating_count > 0 then rating_sum::float8 / rating_count else 0 end`),
  },
  // Ascending, walked backwards for "best rated first" (rank desc, created_at desc, id desc).
  (t) => [index('application_rating_totals_rank_idx').on(t.rank, t.createdAt, t.applicationId)],
);

/**
 * A position's hiring team: the staff who work on it. A hiring manager on the team sees the
 * position's applications; what a member may do follows their role (src/server/access/rules.ts).
 */
export const hiringTeamMembers = pgTable(
  'hiring_team_members',
  {
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedByEmail: text('added_by_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.positionId, t.userId] }), index('hiring_team_members_user_idx').on(t.userId)],
);

/** The people asked to interview one applicant: an interviewer sees only the applications assigned to them. */
export const applicationInterviewers = pgTable(
  'application_interviewers',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedByEmail: text('assigned_by_email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.applicationId, t.userId] }), index('application_interviewers_user_idx').on(t.userId)],
);

/** The e-mails admins send candidates from the admin area, kept editable by admins. */
export const emailTemplates = pgTable('email_templates', {
  key: text('key', { enum: emailTemplateKeys }).primaryKey(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  updatedAt: updatedAt(),
  updatedByEmail: text('updated_by_email'),
});

/** An e-mail sent to a candidate from the admin area, as it was sent (its text, after placeholders). */
export const applicationEmails = pgTable(
  'application_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    senderUserId: text('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderEmail: text('sender_email').notNull(),
    templateKey: text('template_key', { enum: emailTemplateKeys }),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** When a delayed e-mail goes (issue 32); null: sent at once. */
    sendAt: timestamp('send_at', { withTimezone: true }),
    /** Its job in the mail queue, to cancel it until it goes. */
    jobId: text('job_id'),
    /** Cancelled before it went, and by whom: it was never sent. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledByEmail: text('cancelled_by_email'),
    createdAt: createdAt(),
  },
  (t) => [index('application_emails_application_idx').on(t.applicationId, t.createdAt)],
);

/** A PostgreSQL tstzrange, as its text ('[2026-11-30 15:00:00+00,2026-11-30 15:40:00+00)'). */
const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/**
 * When a staff member can be booked (issue 31): weekly hours in their own zone, a buffer after
 * each meeting, a minimum notice and a cap per day. No row: the company's defaults.
 */
export const staffSchedules = pgTable(
  'staff_schedules',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull().default('America/Chicago'),
    weeklyHours: jsonb('weekly_hours').$type<WorkingInterval[]>().notNull(),
    bufferMinutes: integer('buffer_minutes').notNull().default(DEFAULT_BUFFER_MINUTES),
    noticeMinutes: integer('notice_minutes').notNull().default(DEFAULT_NOTICE_MINUTES),
    /** At most this many bookings a day (their own day); null: no cap. */
    dailyCap: integer('daily_cap'),
    /** Offered for Book a Meeting (sales and admins by default). */
    takesMeetings: boolean('takes_meetings').notNull().default(true),
    /** The private calendar feed's secret, hashed (SHA-256); null until they ask for one. */
    feedTokenHash: text('feed_token_hash').unique(),
    /** The same secret sealed with AUTH_SECRET (src/server/mail/sealed.ts): their page shows the link again. */
    feedTokenSealed: text('feed_token_sealed'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('staff_schedules_buffer', sql`${t.bufferMinutes} between 0 and 240`),
    check('staff_schedules_notice', sql`${t.noticeMinutes} between 0 and 43200`),
    check('staff_schedules_cap', sql`${t.dailyCap} is null or ${t.dailyCap} between 1 and 24`),
  ],
);

/** A day a staff member cannot be booked (their own calendar day). */
export const staffDaysOff = pgTable(
  'staff_days_off',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * A CalDAV account of a person's (issue 53): its server, user name and app password (sealed under
 * AUTH_SECRET, never shown back, never logged). Its calendars are calendar_sources rows; the person
 * picks which are read for busy times and which one bookings are written into.
 */
export const calendarAccounts = pgTable(
  'calendar_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address as typed (https://…): what discovery started from. */
    serverUrl: text('server_url').notNull(),
    /** Its host name: what the page shows of it. */
    label: text('label').notNull(),
    username: text('username').notNull(),
    passwordSealed: text('password_sealed').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_accounts_user_server_idx').on(t.userId, t.serverUrl, t.username)],
);

/**
 * A person's own calendar, read for the times it holds them (issue 53): a secret iCalendar link,
 * or one calendar of a CalDAV account. A link is its password: kept sealed under AUTH_SECRET (never
 * shown back whole, never logged), with its SHA-256 to refuse the same link twice and the host name
 * to show. The state of the last read is kept for their page: when it last succeeded, how many busy
 * times it gave, or what went wrong and since when (a calendar failing for long makes its owner
 * unavailable, decision 063, and tells them once).
 */
export const calendarSources = pgTable(
  'calendar_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A link's host name ("calendar.google.com"), or a CalDAV calendar's name: what the page shows of it. */
    label: text('label').notNull(),
    /** A link's: sealed, and its hash. Null for a CalDAV calendar. */
    linkSealed: text('link_sealed'),
    linkHash: text('link_hash'),
    /** A CalDAV calendar's account, and the calendar collection's address. */
    accountId: uuid('account_id').references(() => calendarAccounts.id, { onDelete: 'cascade' }),
    calendarUrl: text('calendar_url'),
    /** Whether its busy times count (a CalDAV calendar the person did not pick is not read). */
    readsBusy: boolean('reads_busy').notNull().default(true),
    /** The one calendar of theirs bookings are written into (CalDAV only). */
    writesBookings: boolean('writes_bookings').notNull().default(false),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    busyCount: integer('busy_count').notNull().default(0),
    /** The last read's failure, in words for its owner; null after a read that worked. */
    error: text('error'),
    errorAt: timestamp('error_at', { withTimezone: true }),
    /** When its owner was told it could not be read (once per failure; cleared by a read that works). */
    unreadableToldAt: timestamp('unreadable_told_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('calendar_sources_user_link_idx').on(t.userId, t.linkHash),
    uniqueIndex('calendar_sources_account_calendar_idx').on(t.accountId, t.calendarUrl),
    uniqueIndex('calendar_sources_one_writer_idx')
      .on(t.userId)
      .where(sql`${t.writesBookings}`),
  ],
);

/** The times a calendar source holds its owner: start and end only, replaced whole at each read. */
export const calendarBusyTimes = pgTable(
  'calendar_busy_times',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => calendarSources.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('calendar_busy_times_user_idx').on(t.userId, t.endsAt), index('calendar_busy_times_source_idx').on(t.sourceId)],
);

/**
 * A meeting or an interview. The UID and SEQUENCE are the calendar event's: a move keeps the UID
 * and raises the SEQUENCE, so every calendar updates the event it has. The guest manages it
 * through one random token (its SHA-256 here), which keeps working after a move.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull().unique(),
    sequence: integer('sequence').notNull().default(0),
    kind: text('kind', { enum: bookingKinds }).notNull(),
    status: text('status', { enum: bookingStatuses }).notNull().default('confirmed'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    guestName: text('guest_name').notNull(),
    guestEmail: text('guest_email').notNull(),
    guestCompany: text('guest_company'),
    topic: text('topic'),
    /** The zone the guest chose the time in: their e-mails show it. */
    guestTimeZone: text('guest_time_zone').notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    manageTokenHash: text('manage_token_hash').notNull().unique(),
    /** The same token sealed with AUTH_SECRET (src/server/mail/sealed.ts): the reminder e-mail carries the link. */
    manageTokenSealed: text('manage_token_sealed'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Who cancelled it (issue 51): the guest from their link, or staff. Its pages say which. */
    cancelledBy: text('cancelled_by', { enum: bookingCancellers }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bookings_kind', inList('kind', bookingKinds)),
    check('bookings_cancelled_by', inList('cancelled_by', bookingCancellers)),
    check('bookings_status', inList('status', bookingStatuses)),
    check('bookings_times', sql`${t.endsAt} > ${t.startsAt}`),
    index('bookings_starts_idx').on(t.startsAt),
    index('bookings_application_idx').on(t.applicationId),
  ],
);

/**
 * An interview proposed to a candidate (issue 31): its length, its interviewers (every one must be
 * free: the candidate is offered their common free times) and a window of time. The candidate
 * picks a time through a private link (its token here hashed, and sealed with AUTH_SECRET so their
 * application page can show the link again); the booking it makes is recorded here.
 */
export const interviewRequests = pgTable(
  'interview_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    proposedByUserId: text('proposed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    durationMinutes: integer('duration_minutes').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    status: text('status', { enum: interviewRequestStatuses }).notNull().default('open'),
    /** The stage of the position's interview plan it is for (issue 32): its scorecards' stage. */
    stageId: text('stage_id'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    tokenSealed: text('token_sealed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('interview_requests_status', inList('status', interviewRequestStatuses)),
    check('interview_requests_duration', sql`${t.durationMinutes} between 15 and 240`),
    check('interview_requests_window', sql`${t.windowEnd} > ${t.windowStart}`),
    index('interview_requests_application_idx').on(t.applicationId),
  ],
);

/**
 * One interviewer's scorecard for one stage of one application (issue 32): each focus attribute on
 * four points with its evidence, key take-aways and an overall recommendation; a draft (only its
 * author sees it) until submitted. The stage's and attributes' texts are kept as answered, so a
 * later change of the position's plan leaves it readable. The author's name is kept too: a
 * scorecard outlives its author's account.
 */
export const scorecards = pgTable(
  'scorecards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    stageId: text('stage_id').notNull(),
    stageName: text('stage_name').notNull(),
    answers: jsonb('answers').$type<ScorecardAnswer[]>().notNull(),
    takeaways: text('takeaways').notNull().default(''),
    recommendation: text('recommendation', { enum: recommendations }),
    status: text('status', { enum: scorecardStatuses }).notNull().default('draft'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Changed by its author after it was submitted (the timeline says so). */
    amendedAt: timestamp('amended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('scorecards_one_per_stage').on(t.applicationId, t.authorUserId, t.stageId),
    check('scorecards_status', inList('status', scorecardStatuses)),
    check(
      'scorecards_recommendation',
      sql`${t.recommendation} is null or ${sql.raw(`recommendation in (${recommendations.map((r) => `'${r}'`).join(', ')})`)}`,
    ),
    check('scorecards_submitted', sql`${t.status} = 'draft' or (${t.submittedAt} is not null and ${t.recommendation} is not null)`),
    index('scorecards_application_idx').on(t.applicationId),
  ],
);

/**
 * The reminders an interviewer got for a scorecard still missing after a booked interview (issue
 * 32): the first 2 hours after it ended, then one a day, at most three. Each is claimed by one
 * upsert, so two instances never send the same one.
 */
export const scorecardReminders = pgTable(
  'scorecard_reminders',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentCount: integer('sent_count').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId] })],
);

/** The interviewers of a proposed interview: the booking holds every one of them. */
export const interviewRequestInterviewers = pgTable(
  'interview_request_interviewers',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => interviewRequests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

/**
 * Who a booking holds, and for how long (the meeting and the host's buffer after it). An
 * exclusion constraint (migration 0013) refuses two active rows of one person whose times
 * overlap: the database, not a check in code, keeps anyone from being booked twice, whichever
 * instance takes the booking.
 */
export const bookingHosts = pgTable(
  'booking_hosts',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    during: tstzrange('during').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId] }), index('booking_hosts_user_idx').on(t.userId)],
);

/**
 * A booking written into a host's own CalDAV calendar (issue 53): where it is (the event's
 * address there), the SEQUENCE last written, so a move writes it again and a cancellation or a
 * change of calendar removes it.
 */
export const calendarEventCopies = pgTable(
  'calendar_event_copies',
  {
    // No foreign key: a booking erased or past its retention leaves its copies, for its event to be
    // removed from the calendars (booking-copies.ts, removeCopiesOfGoneBookings).
    bookingId: uuid('booking_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => calendarSources.id, { onDelete: 'cascade' }),
    href: text('href').notNull(),
    sequence: integer('sequence').notNull(),
    writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.userId] })],
);

/**
 * An image of the media library (issue 34): the original as uploaded (its type decided by its
 * content) and the sizes made from it with sharp, in WebP and AVIF. Alt text is required.
 */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The original's storage key and type (image/jpeg, image/png, image/webp, image/avif, image/gif; image/svg+xml only for the seeded illustrations). */
    originalKey: text('original_key').notNull(),
    contentType: text('content_type').notNull(),
    fileName: text('file_name').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull(),
    /** The sizes made from it: [{ width, height, format: 'webp' | 'avif' | 'png', key, bytes }]. */
    variants: jsonb('variants').$type<MediaVariant[]>().notNull().default([]),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [check('media_alt_present', sql`length(btrim(${t.alt})) > 0`), index('media_created_idx').on(t.createdAt)],
);

export interface MediaVariant {
  width: number;
  height: number;
  format: 'webp' | 'avif' | 'png';
  key: string;
  bytes: number;
  /** The social card (1200 x 630, PNG): for og:image, where WebP and AVIF are not read everywhere. */
  social?: boolean;
}

/**
 * A blog post (issue 34). The row is the working copy the editors change (autosaved); what the
 * public sees is the published revision's content. `id` is the post's number (/blog/1 to /blog/6
 * are the spec's posts); `version` rises with every save, so a save made from an older copy is
 * refused as a conflict instead of overwriting another editor's work.
 */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 1 }),
    content: jsonb('content').$type<PostContent>().notNull(),
    version: integer('version').notNull().default(1),
    status: text('status', { enum: postStatuses }).notNull().default('draft'),
    /** The revision the public sees while published. */
    publishedRevisionId: uuid('published_revision_id'),
    /** The date shown on the post: its first publication. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** A scheduled publication (status 'scheduled') and a scheduled end of publication. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    unpublishAt: timestamp('unpublish_at', { withTimezone: true }),
    /** The published slug, unique among posts (its other addresses redirect to it). */
    slug: text('slug'),
    /** Moved on by each new preview link and by unpublishing: the older links open nothing (issue 50). */
    previewGeneration: integer('preview_generation').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('posts_slug_idx').on(t.slug),
    check('posts_scheduled_has_time', sql`${t.status} <> 'scheduled' or ${t.publishAt} is not null`),
    check('posts_published_has_revision', sql`${t.status} <> 'published' or ${t.publishedRevisionId} is not null`),
    check('posts_status', inList('status', postStatuses)),
  ],
);

/** Every saved state of a post: a save, an autosave (one kept per editor and ten minutes), a publication, a restore. */
export const postRevisions = pgTable(
  'post_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    kind: text('kind', { enum: revisionKinds }).notNull(),
    content: jsonb('content').$type<PostContent>().notNull(),
    /** The body rendered from Markdown and sanitised when it was saved: the only HTML the public pages print. */
    bodyHtml: text('body_html').notNull(),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('post_revisions_number').on(t.postId, t.number), check('post_revisions_kind', inList('kind', revisionKinds))],
);

/** Every address a post has had: an old slug (or its number) answers with a 301 to the current one. */
export const postSlugs = pgTable('post_slugs', {
  slug: text('slug').primaryKey(),
  postId: integer('post_id')
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/**
 * The texts editors changed on a content page (issue 34, decision 049): the page's working copy
 * (`draft`: path → text, only the texts that differ from the content file's defaults), its
 * version (a save from an older one is a conflict), and the revision the public sees.
 */
export const pageTexts = pgTable('page_texts', {
  page: text('page').primaryKey(),
  draft: jsonb('draft').$type<Record<string, string>>().notNull().default({}),
  version: integer('version').notNull().default(1),
  /** Moved on by each new preview link: the older ones open nothing (issue 50). */
  previewGeneration: integer('preview_generation').notNull().default(0),
  publishedRevisionId: uuid('published_revision_id'),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  updatedAt: updatedAt(),
  updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
});

/** Every saved and published state of a page's texts. */
export const pageTextRevisions = pgTable(
  'page_text_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    page: text('page')
      .notNull()
      .references(() => pageTexts.page, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    kind: text('kind', { enum: revisionKinds }).notNull(),
    texts: jsonb('texts').$type<Record<string, string>>().notNull(),
    authorUserId: text('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email'),
    createdAt: createdAt(),
  },
  (t) => [unique('page_text_revisions_number').on(t.page, t.number)],
);

/**
 * The reply addresses of our e-mails about an application or a contact message (issue 35): each
 * e-mail carries `replies+<token>@…`, a random token stored here only as its SHA-256, tied to its
 * thread and to whoever sent it (the one told of the answer). Gone with the thread, so mail to an
 * erased person's old address is refused.
 */
export const replyTokens = pgTable(
  'reply_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    sentByUserId: text('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The Message-ID of the e-mail the token went out with (issue 50): a delivery report is
     * believed only when it names that message, or came to the token of its envelope sender.
     */
    messageId: text('message_id'),
    /**
     * The token of an e-mail's envelope sender (Return-Path), where delivery reports go: it is not
     * the Reply-To a recipient sees, so knowing the reply address is not enough to forge one.
     */
    forBounces: boolean('for_bounces').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('reply_tokens_one_thread', sql`(${t.applicationId} is null) <> (${t.contactMessageId} is null)`),
    index('reply_tokens_application_idx').on(t.applicationId),
    index('reply_tokens_contact_message_idx').on(t.contactMessageId),
  ],
);

/**
 * A mail that came back to a reply address: the person's reply (quoted history and signature
 * stripped; the whole text and a sanitised HTML kept for "the whole e-mail"), an automatic reply,
 * or a bounce. Stored once per Message-ID, so a mail delivered twice is one row.
 */
export const inboundMails = pgTable(
  'inbound_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: inboundKinds }).notNull(),
    via: text('via', { enum: inboundChannels }).notNull(),
    /** The Message-ID header, or a hash of the mail when it has none. */
    messageId: text('message_id').notNull().unique(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name'),
    subject: text('subject').notNull(),
    /** What they wrote: the reply without the quoted history and signature. */
    text: text('text').notNull(),
    fullText: text('full_text').notNull(),
    html: text('html'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Attachments left out (a type we do not take, too large), by name and why. */
    skippedAttachments: jsonb('skipped_attachments').$type<{ fileName: string; reason: string }[]>().notNull().default([]),
    /**
     * Who sent it, as checked (issue 50): the thread's person (verified), another address that was
     * verified, or not verified; for a delivery report, verified when it was believed. Null: received
     * before senders were checked.
     */
    senderStatus: text('sender_status', { enum: senderStatuses }),
    /** What the checks said ("dmarc=pass dkim=pass spf=none"). */
    authSummary: text('auth_summary'),
    /** The SMTP envelope's sender (MAIL FROM), when it came by SMTP. */
    envelopeFrom: text('envelope_from'),
    createdAt: createdAt(),
  },
  (t) => [
    check('inbound_mails_sender_status', sql`${t.senderStatus} is null or ${inList('sender_status', senderStatuses)}`),
    check('inbound_mails_one_thread', sql`(${t.applicationId} is null) <> (${t.contactMessageId} is null)`),
    check('inbound_mails_kind', inList('kind', inboundKinds)),
    check('inbound_mails_via', inList('via', inboundChannels)),
    index('inbound_mails_application_idx').on(t.applicationId, t.createdAt),
    index('inbound_mails_contact_message_idx').on(t.contactMessageId, t.createdAt),
  ],
);

/** A reply's attachment, kept privately in the file storage like a resume. */
export const inboundAttachments = pgTable(
  'inbound_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    inboundMailId: uuid('inbound_mail_id')
      .notNull()
      .references(() => inboundMails.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('inbound_attachments_size', sql`${t.size} > 0 and ${t.size} <= ${sql.raw(String(REPLY_ATTACHMENT_MAX_BYTES))}`),
    index('inbound_attachments_mail_idx').on(t.inboundMailId),
  ],
);

/** What staff wrote to the person of a contact message from its page (issue 35), as sent. */
export const contactMessageEmails = pgTable(
  'contact_message_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contactMessageId: uuid('contact_message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    senderUserId: text('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    senderEmail: text('sender_email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_message_emails_message_idx').on(t.contactMessageId, t.createdAt)],
);

/**
 * The record of what happened (issues 50, 51; src/lib/events/kinds.ts): each event written once, in
 * the transaction of the change that made it, and read by notifications (and later webhooks, chat
 * notices, analytics). It goes with what it concerns (erasure, retention): an erased person's
 * events are not told again. No CHECK on the kind: the list grows with the product, the type guards it.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').$type<EventKind>().notNull(),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id').references(() => positions.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    actorUserId: text('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The visitor of the request that made a goal (issue 57: an application, a contact message, a
     * meeting booked, a job alert confirmed) as the day's analytics hash (src/server/analytics/
     * visitor.ts): it links the goal to the visit that led to it. Never an address.
     */
    visitor: text('visitor'),
    data: jsonb('data').$type<EventData[EventKind]>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Handed to its readers (src/server/events/dispatch.ts); null while it waits. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    /** Tries that failed (a reader threw), and when it is tried again. */
    attempts: integer('attempts').notNull().default(0),
    retryAt: timestamp('retry_at', { withTimezone: true }),
  },
  (t) => [
    // The dispatcher's queue: what waits, oldest first.
    index('domain_events_waiting_idx')
      .on(t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('domain_events_application_idx').on(t.applicationId),
    index('domain_events_contact_message_idx').on(t.contactMessageId),
    index('domain_events_booking_idx').on(t.bookingId),
    index('domain_events_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * One person's (or a team inbox's) notice of an event (issues 50, 51): e-mailed at once, or with
 * the others of its thread when one went out within the coalescing window (one e-mail per thread and
 * person in a window, saying how many came).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    /** A staff member; or, when nobody in particular is told, the team inbox (HIRING_EMAIL, CONTACT_EMAIL). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    inbox: text('inbox'),
    kind: text('kind').$type<EventKind>().notNull(),
    /** What the notices of one conversation share: "application:<id>", "message:<id>", "booking:<id>", "calendars:<user id>" (a person's calendars that cannot be read). */
    thread: text('thread').notNull(),
    /** Why this person is told (their e-mail says so): they follow it, are on its hiring team, were named… */
    reason: text('reason', { enum: noticeReasons }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    email: text('email', { enum: noticeEmailStates }).notNull().default('pending'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    check('notifications_one_recipient', sql`(${t.userId} is null) <> (${t.inbox} is null)`),
    check('notifications_email', inList('email', noticeEmailStates)),
    uniqueIndex('notifications_user_event_idx')
      .on(t.userId, t.eventId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('notifications_inbox_event_idx')
      .on(t.inbox, t.eventId)
      .where(sql`${t.inbox} is not null`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_thread_idx').on(t.thread, t.emailedAt),
    // The unread count of the bell, on every workspace page.
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/**
 * A person's own choice to follow a thread, or to stop following it (issue 51): on top of who follows
 * it by what they did (its hiring team, whoever proposed an interview, wrote to the candidate or was
 * assigned; for a contact message, whoever answered). Goes with its thread.
 */
export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id').references(() => applications.id, { onDelete: 'cascade' }),
    contactMessageId: uuid('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    /** True: follows (chose to); false: stopped following, whatever they did on it. */
    follows: boolean('follows').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('follows_one_thread', sql`(${t.applicationId} is null) <> (${t.contactMessageId} is null)`),
    uniqueIndex('follows_application_idx')
      .on(t.applicationId, t.userId)
      .where(sql`${t.applicationId} is not null`),
    uniqueIndex('follows_message_idx')
      .on(t.contactMessageId, t.userId)
      .where(sql`${t.contactMessageId} is not null`),
  ],
);

/**
 * What a person wants by e-mail (issue 51): per topic at once, in the daily digest or not at all
 * (a topic not chosen follows the role's default, src/lib/notifications/kinds.ts), and the hour of
 * the digest in their zone. `lastDigestAt` claims a day's digest once, whichever instance sends it.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    choices: jsonb('choices').$type<Partial<Record<NoticeTopic, EmailChoice>>>().notNull().default({}),
    digestHour: integer('digest_hour').notNull().default(DEFAULT_DIGEST_HOUR),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [check('notification_preferences_hour', sql`${t.digestHour} between 0 and 23`)],
);

/** bytea as a Buffer: the sealed offer letter (a PDF of tens of kilobytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The offer letter templates admins keep (issue 54): Markdown with the offer placeholders (lib/offers/offer.ts). */
export const offerTemplates = pgTable(
  'offer_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    body: text('body').notNull(),
    updatedByEmail: text('updated_by_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('offer_templates_name_length', sql`char_length(${t.name}) between 2 and 100`),
    check('offer_templates_body_length', sql`char_length(${t.body}) between 1 and 20000`),
  ],
);

/**
 * An offer for one application (issue 54, decision 069): a version of the terms and the letter,
 * drafted, approved, sent, and answered. When sent, the letter as the candidate reads it is kept
 * (`letter_text`); when accepted, the sealed PDF with its SHA-256 and the signature, and a trigger
 * (migration 0040) refuses any change to the row from then on: only a new version can follow.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'restrict' }),
    version: integer('version').notNull(),
    status: text('status', { enum: offerStatuses }).notNull().default('draft'),
    templateId: uuid('template_id').references(() => offerTemplates.id, { onDelete: 'set null' }),
    /** The letter's Markdown with its placeholders, as drafted from the template. */
    letter: text('letter').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    salary: integer('salary').notNull(),
    currency: text('currency').notNull(),
    period: text('period', { enum: payPeriods }).notNull(),
    bonus: text('bonus').notNull().default(''),
    equity: text('equity').notNull().default(''),
    location: text('location').notNull(),
    reportingTo: text('reporting_to').notNull().default(''),
    approvalMode: text('approval_mode', { enum: approvalModes }).notNull().default('sequence'),
    /** Outside the position's pay band (or it has none) when last asked for approval: an admin approves too. */
    outsideBand: boolean('outside_band').notNull().default(false),
    /** Each request for approvals is a round; a change after an approval starts a new one. */
    approvalRound: integer('approval_round').notNull().default(0),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentByEmail: text('sent_by_email'),
    /** Who sent it: told of the candidate's answer with its drafter. */
    sentByUserId: text('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The one-time code e-mailed to the candidate when they sign (decision 071): its SHA-256, until
     * when it works, and the codes sent and tries made, both capped. The link alone does not sign.
     */
    signingCodeHash: text('signing_code_hash'),
    signingCodeExpiresAt: timestamp('signing_code_expires_at', { withTimezone: true }),
    signingCodesSent: integer('signing_codes_sent').notNull().default(0),
    signingTries: integer('signing_tries').notNull().default(0),
    /** The letter as sent, placeholders filled: what the candidate reads, the PDF and the seal are made of. */
    letterText: text('letter_text'),
    /** When the candidate first opened it. */
    readAt: timestamp('read_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    signatureName: text('signature_name'),
    signatureIp: text('signature_ip'),
    sealedPdf: bytea('sealed_pdf'),
    sealedSha256: text('sealed_sha256'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByEmail: text('closed_by_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('offers_application_version').on(t.applicationId, t.version),
    // One offer in play per application: a new version replaces the last.
    uniqueIndex('offers_open_idx')
      .on(t.applicationId)
      .where(sql`status in ('draft', 'approval', 'approved', 'sent')`),
    index('offers_position_idx').on(t.positionId),
    index('offers_status_idx').on(t.status, t.updatedAt),
    check('offers_status', inList('status', offerStatuses)),
    check('offers_period', inList('period', payPeriods)),
    check('offers_approval_mode', inList('approval_mode', approvalModes)),
    check('offers_currency', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('offers_salary', sql`${t.salary} >= 0`),
    check('offers_version', sql`${t.version} >= 1`),
    check('offers_letter_length', sql`char_length(${t.letter}) between 1 and 20000`),
    check('offers_sent', sql`(${t.status} in ('draft', 'approval', 'approved')) = (${t.sentAt} is null and ${t.letterText} is null)`),
    check(
      'offers_sealed',
      sql`(${t.status} = 'accepted') = (${t.sealedPdf} is not null and ${t.sealedSha256} is not null and ${t.signatureName} is not null and ${t.answeredAt} is not null)`,
    ),
  ],
);

/**
 * One approval an offer asks for, in one round: of a named hiring manager, or of any admin (an offer
 * outside the band). Earlier rounds stay, as the offer's history; the current round is the offer's.
 */
export const offerApprovals = pgTable(
  'offer_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    step: integer('step').notNull(),
    kind: text('kind', { enum: approverKinds }).notNull(),
    /** The person asked; null for an admin's approval, which any admin gives. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: approvalDecisions }),
    comment: text('comment'),
    decidedByUserId: text('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decidedByEmail: text('decided_by_email'),
    decidedByRole: text('decided_by_role', { enum: roles }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('offer_approvals_step').on(t.offerId, t.round, t.step),
    index('offer_approvals_user_idx').on(t.userId),
    check('offer_approvals_kind', inList('kind', approverKinds)),
    check('offer_approvals_decided', sql`(${t.decision} is null) = (${t.decidedAt} is null)`),
  ],
);

/**
 * An integration (issue 55): a webhook or a chat channel the company's other tools listen on. Its
 * URL is sealed (a chat hook's URL is its password; a webhook's may carry a token), its host kept
 * apart to be shown; a webhook's signing secret is sealed too (it must be read to sign). Switched
 * off by an admin, or by the deliveries when they failed for as long as one is tried.
 */
export const integrationEndpoints = pgTable(
  'integration_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: integrationKinds }).notNull(),
    name: text('name').notNull(),
    urlSealed: text('url_sealed').notNull(),
    urlHost: text('url_host').notNull(),
    /** A webhook's secret (whsec_…), sealed; null for a chat channel, whose URL is its secret. */
    secretSealed: text('secret_sealed'),
    events: text('events').array().$type<EventKind[]>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off by the deliveries (the last answer), when it was. */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failure since the last delivery that arrived; null while they arrive. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdByUserId: text('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('integration_endpoints_kind', inList('kind', integrationKinds)),
    check('integration_endpoints_name_length', sql`char_length(${t.name}) between 2 and 100`),
    check('integration_endpoints_secret', sql`(${t.kind} = 'webhook') = (${t.secretSealed} is not null)`),
  ],
);

/**
 * One event to be delivered to one integration (issue 55, decision 072): the payload as it was made
 * when the event was read (so a try and a redelivery send the same bytes under the same id), in
 * order per thread (`order_key`: an application, a message, a booking): the next of a thread waits
 * for the one before it to arrive or to fail for good. Goes with its event (an erased person's
 * events are not redelivered) and with its integration.
 */
export const integrationDeliveries = pgTable(
  'integration_deliveries',
  {
    /** The webhook-id header: msg_ and 32 hexadecimal characters. */
    id: text('id').primaryKey(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => integrationEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => domainEvents.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EventKind>().notNull(),
    orderKey: text('order_key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state', { enum: deliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Taken by a worker until then (it is sending it): another leaves the thread alone. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('integration_deliveries_once').on(t.endpointId, t.eventId),
    check('integration_deliveries_state', inList('state', deliveryStates)),
    // The workers' queue: what waits, per integration and thread, oldest event first.
    index('integration_deliveries_waiting_idx')
      .on(t.endpointId, t.orderKey, t.eventId)
      .where(sql`${t.state} = 'pending'`),
    index('integration_deliveries_log_idx').on(t.endpointId, t.createdAt),
    index('integration_deliveries_event_idx').on(t.eventId),
  ],
);

/** Each try of a delivery: when, the answer's status and first bytes, or why there was none. */
export const integrationAttempts = pgTable(
  'integration_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => integrationDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    status: integer('status'),
    answer: text('answer'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('integration_attempts_delivery_idx').on(t.deliveryId, t.at)],
);

/**
 * A personal API token (issue 55): its SHA-256 only (the token is 256 random bits, shown once), the
 * first characters to tell it apart, read-only or read-write, an end it cannot live past, and when
 * it was last used. It acts with its owner's role as it is at each call; it goes with its owner.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: apiTokenScopes }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** "hxp_" and the token's first 6 characters after it: shown on the page, never enough to use. */
    prefix: text('prefix').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    check('api_tokens_scope', inList('scope', apiTokenScopes)),
    check('api_tokens_name_length', sql`char_length(${t.name}) between 2 and 100`),
  ],
);

/**
 * The company's identity provider for staff sign-in (issue 56, decision 074): one row, set on
 * /admin/sso (SSO_OIDC_* in the environment take its place). The client secret is sealed with
 * AUTH_SECRET; the role map turns a groups claim into a role at each sign-in.
 */
export const ssoSettings = pgTable(
  'sso_settings',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretSealed: text('client_secret_sealed').notNull(),
    domains: text('domains').array().notNull(),
    roleClaim: text('role_claim').notNull().default('groups'),
    roleMap: jsonb('role_map').$type<SsoRoleMapping[]>().notNull().default([]),
    ssoOnly: boolean('sso_only').notNull().default(false),
    sessionHours: integer('session_hours').notNull().default(12),
    enabled: boolean('enabled').notNull().default(true),
    updatedByUserId: text('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('sso_settings_one_row', sql`${t.id} = 1`), check('sso_settings_session_hours', sql`${t.sessionHours} between 1 and 720`)],
);

/** Back-channel logout tokens already acted on (their jti), kept until they could no longer be accepted: a replay is refused. */
export const ssoLogoutTokens = pgTable('sso_logout_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * First-party analytics (issue 57; decision 075). Raw hits: a page view or a goal of one visitor
 * (the day's salted hash of address and user agent, never either of them), kept RAW_DAYS and then
 * rolled up per day into analytics_daily: rows grow with pages x days, not with visits.
 */
export const analyticsHits = pgTable(
  'analytics_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** The company's day of `at`, the day its visitor's hash belongs to. */
    day: date('day', { mode: 'string' }).notNull(),
    visitor: text('visitor').notNull(),
    kind: text('kind', { enum: ['view', 'goal'] }).notNull(),
    /** A view's page path (no query), or a goal's name. */
    name: text('name').notNull(),
    /** The visit's source as the careers pages read it: UTM, a ref, the referring host, else null (direct). */
    source: text('source'),
    medium: text('medium'),
    campaign: text('campaign'),
    device: text('device', { enum: ['desktop', 'mobile', 'tablet'] }).notNull(),
    /** How many alike hits this row is: the same visitor's views of one page from one source within one write. */
    count: integer('count').notNull().default(1),
    /**
     * How many visitors this row's visitor stands for: 1; N when a write had more new visitors than
     * its budget and kept one in N (by a hash of the visitor, the same one each time); 0 for views
     * kept without their visitor (a flood past the bound), which count as views only.
     */
    weight: integer('weight').notNull().default(1),
  },
  (t) => [index('analytics_hits_day_visitor_idx').on(t.day, t.visitor, t.id), index('analytics_hits_at_idx').on(t.at)],
);

/** One random salt a day, shared by a fleet; deleted once its day is over, so no hash can be made again. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

/** A day's numbers per dimension and key (a page, a source, a goal...), as the rollup counted them. */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    dimension: text('dimension').notNull(),
    key: text('key').notNull(),
    visitors: integer('visitors').notNull(),
    visits: integer('visits').notNull(),
    views: integer('views').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.key] })],
);

/** When each day was last rolled up: a past day is counted once more after it ends, then left. */
export const analyticsRollups = pgTable('analytics_rollups', {
  day: date('day', { mode: 'string' }).primaryKey(),
  rolledAt: timestamp('rolled_at', { withTimezone: true }).notNull(),
});
