import type { Role } from '../../lib/accounts/roles.ts';

/**
 * Who may do what: the only place in the code that says it (decision 036). Every admin page, API
 * route, action, export, download, list query, report and the admin navigation asks
 * src/server/access/permissions.ts, which reads these tables. Plain data without imports, so the
 * authorisation tests read the same tables the server enforces.
 */

/** What a person can be allowed to do. */
export const permissions = [
  /** Users and their roles, invitations, second-factor resets. */
  'users.manage',
  /** The audit log. */
  'audit.read',
  /** Privacy requests (export, erase), legal holds, the retention page. */
  'privacy.manage',
  /** Positions in the admin area (the list, View Applications). */
  'positions.view',
  /** Create, edit, activate and deactivate positions, their questions and their hiring team. */
  'positions.manage',
  /** Lists of applications: the workspace, a position's list, search and counts. */
  'applications.list',
  /** CSV exports of applications. */
  'applications.export',
  /** One application: its page, the resume (download and preview). */
  'applications.read',
  /**
   * The candidate's phone and home address (issue 50): those who contact and decide, not an
   * interviewer, who reads the resume and the answers to judge the person, not to reach them.
   */
  'applications.contact',
  /** An application's history: timeline, e-mails sent, who read it, consent, the person's other applications. */
  'applications.history',
  /** Add one's own notes and rating. */
  'applications.review',
  /** Read everyone's notes and ratings (without it, only one's own). */
  'applications.notes',
  /** Decide: move the status, bulk changes, e-mail the candidate. */
  'applications.decide',
  /** Merge two candidates who are one person (issue 33), and undo a merge. */
  'candidates.merge',
  /** The talent pool (issue 33): search it and invite its candidates to apply. */
  'candidates.pool',
  /** Assign interviewers to an application. */
  'applications.assign',
  /** Edit the e-mail templates. */
  'templates.edit',
  /** The hiring reports. */
  'insights.read',
  /** The choices of "How did you hear about us?". */
  'insights.configure',
  /** Job alert subscriber counts. */
  'alerts.read',
  /** Contact messages: read, mark, delete, download attachments. */
  'messages.handle',
  /** Take the meetings visitors book (Book a Meeting): offered among the hosts. */
  'meetings.host',
  /** Propose interviews to candidates (length, interviewers, window) and cancel them. */
  'interviews.schedule',
  /**
   * The site's content (issue 34): blog posts (write, preview, publish, schedule, restore), the
   * page texts and the media library.
   */
  'content.edit',
  /** Set one's own availability (hours, zone, days off, buffer, notice, cap) and calendar feed. */
  'schedule.own',
  /**
   * Offers (issue 54) and what they are measured against: a position's pay band. Never an
   * interviewer's or an editor's: they do not see pay.
   */
  'offers.read',
  /** Draft, send, withdraw and replace offers, and set a position's pay band. */
  'offers.manage',
  /**
   * Approve an offer or ask for changes: when named for it (its position's hiring manager), or as an
   * admin (an offer outside the pay band). Holding it reaches no offer by itself: the offer names its approvers.
   */
  'offers.approve',
  /** Keep the offer letter templates. */
  'offers.templates',
  /**
   * The company's other tools (issue 55): webhooks and chat channels, their secrets and delivery
   * logs. Admins only: an integration sends what happens on every position to another system.
   */
  'integrations.manage',
  /**
   * Personal API tokens (issue 55): made on one's own account page, acting with one's own role and
   * reach (never more), read-only or read-write. Every staff role: the API answers each with what
   * their pages show them.
   */
  'api.use',
  /**
   * Staff sign-in through the company's identity provider (issue 56): the provider, its client
   * secret, the domains it owns, the claims that give roles, and "only through SSO". Admins only:
   * whoever sets it decides who becomes staff.
   */
  'sso.manage',
  /**
   * The site's analytics (issue 57): visitors, pages, sources, campaigns, goals and funnels of the
   * public site, and their CSV files. Admins, editors and sales: those who bring people in. Nothing
   * in it names a person.
   */
  'analytics.view',
] as const;
export type Permission = (typeof permissions)[number];

/**
 * How far a grant reaches: every record, the positions whose hiring team the person is on, or the
 * applications they are assigned to interview. A role may hold a permission with several scopes.
 */
export type Scope = 'all' | 'team' | 'assigned';

const everything = Object.fromEntries(permissions.map((permission) => [permission, ['all']])) as Record<Permission, Scope[]>;

/** What each role may do, and how far. Anything not listed is refused. */
export const grants: Record<Role, Partial<Record<Permission, readonly Scope[]>>> = {
  admin: everything,
  recruiter: {
    'positions.view': ['all'],
    'positions.manage': ['all'],
    'applications.list': ['all'],
    'applications.export': ['all'],
    'applications.read': ['all'],
    'applications.contact': ['all'],
    'applications.history': ['all'],
    'applications.review': ['all'],
    'applications.notes': ['all'],
    'applications.decide': ['all'],
    'applications.assign': ['all'],
    'candidates.merge': ['all'],
    'candidates.pool': ['all'],
    'templates.edit': ['all'],
    'insights.read': ['all'],
    'insights.configure': ['all'],
    'alerts.read': ['all'],
    'interviews.schedule': ['all'],
    'schedule.own': ['all'],
    'offers.read': ['all'],
    'offers.manage': ['all'],
    'api.use': ['all'],
  },
  hiring_manager: {
    'positions.view': ['team'],
    'applications.list': ['team'],
    'applications.export': ['team'],
    // Also an application of another position that they were asked to interview for.
    'applications.read': ['team', 'assigned'],
    // Their team's candidates only: not those of another position they were asked to interview for.
    'applications.contact': ['team'],
    'applications.history': ['team'],
    'applications.review': ['team', 'assigned'],
    'applications.notes': ['team'],
    'applications.decide': ['team'],
    'applications.assign': ['team'],
    'insights.read': ['team'],
    'interviews.schedule': ['team'],
    'schedule.own': ['all'],
    // Their team's offers: they approve them (issue 54); recruiters draft them.
    'offers.read': ['team'],
    'offers.approve': ['team'],
    'api.use': ['all'],
  },
  interviewer: {
    'applications.read': ['assigned'],
    'applications.review': ['assigned'],
    'schedule.own': ['all'],
    'api.use': ['all'],
  },
  editor: {
    'content.edit': ['all'],
    'analytics.view': ['all'],
  },
  sales: {
    'messages.handle': ['all'],
    'analytics.view': ['all'],
    'meetings.host': ['all'],
    'schedule.own': ['all'],
    'api.use': ['all'],
  },
  user: {},
};

/**
 * Who may request a route: anyone, anyone signed in, any staff member, or a staff member holding a
 * permission (at some scope: the page or command then narrows to the records in that scope).
 */
export interface Rule {
  /** 'token': the JSON API (issue 55), with a personal token in `Authorization: Bearer`, never a cookie. */
  access: 'public' | 'signed-in' | 'staff' | 'token';
  /** For staff and tokens: the permission needed (at some scope); none, any staff role. */
  permission?: Permission;
}

const publicRoute = { access: 'public' } as const satisfies Rule;
const signedIn = { access: 'signed-in' } as const satisfies Rule;
const staff = <P extends Permission>(permission: P) => ({ access: 'staff', permission }) as const satisfies Rule;
const anyStaff = { access: 'staff' } as const satisfies Rule;
/** A route of the JSON API: a token of a staff member holding the permission (reading; writing with a read-write token). */
const token = <P extends Permission>(permission: P) => ({ access: 'token', permission }) as const satisfies Rule;

/**
 * Every route rendered on demand, by Astro's route pattern (src/pages, file name without its
 * extension). Prerendered pages are public by nature. A route missing here is refused (and the
 * authorisation tests fail), so a new route cannot be open by omission.
 */
export const routeRules = {
  '/404': publicRoute,
  '/500': publicRoute,
  '/503': publicRoute,
  '/403': signedIn,
  '/docs': publicRoute,
  '/privacy': publicRoute,
  '/sitemap.xml': publicRoute,
  '/ui-kit': publicRoute,
  '/auth': publicRoute,
  '/auth/invitation': publicRoute,
  '/auth/reset-password': publicRoute,
  '/auth/two-factor': publicRoute,
  // Confirming an address: the e-mailed token is the proof, and the page sets the password.
  '/auth/verify-email': publicRoute,
  // Starts a sign-in at the company's provider (issue 56); the provider's answer comes to /api/auth.
  '/auth/sso': publicRoute,
  // Someone of the company signed in through it, waiting for an admin to give them a role.
  '/auth/pending': signedIn,
  // The provider's back-channel logout: its signed logout token is the key.
  '/api/sso/backchannel-logout': publicRoute,
  '/careers': publicRoute,
  '/careers/apply/[id]': publicRoute,
  '/careers/feed.xml': publicRoute,
  '/careers/feeds/[board].xml': publicRoute,
  '/careers/alerts': publicRoute,
  '/careers/alerts/confirm': publicRoute,
  '/careers/alerts/unsubscribe': publicRoute,
  '/contact/meeting.ics': publicRoute,
  '/contact/send': publicRoute,
  // A candidate's own application, opened by the secret link in their e-mail.
  '/applications': publicRoute,
  '/applications/[token]': publicRoute,
  // Erasing, confirmed by a one-time e-mailed token or by the signed-in owner (checked on the page).
  '/applications/erase': publicRoute,
  '/api/auth/[...all]': publicRoute,
  '/api/positions': publicRoute,
  '/api/session': publicRoute,
  '/api/uploads': publicRoute,
  '/contact/book': publicRoute,
  '/bookings/[token]': publicRoute,
  // A candidate's interview invitation: the e-mailed token is the only key (as /bookings/[token]).
  '/interviews/[token]': publicRoute,
  // Renewing (or leaving) the talent pool from the e-mailed link: the signed token is the key (issue 33).
  '/talent-pool/renew': publicRoute,
  // A staff member's private calendar feed: the secret in its address is the proof (no cookies: calendar apps send none).
  '/calendar/[token].ics': publicRoute,
  // The blog, built from the database (issue 34) and kept in the page cache; a signed preview link opens a draft.
  '/blog': publicRoute,
  '/blog/[id]': publicRoute,
  '/blog/preview/[token]': publicRoute,
  '/rss.xml': publicRoute,
  // A content page with its draft texts, opened by a signed link that expires (issue 34).
  '/pages/preview/[token]': publicRoute,
  // The media library's images, in every size: public once uploaded (their address is a random id).
  '/media/[...path]': publicRoute,
  '/account': signedIn,
  '/account/applications': signedIn,
  // One's own hours, days off and calendar feed: staff who can be booked.
  '/account/availability': staff('schedule.own'),
  // One's notifications (issue 51): every staff member's own list, its choices, the bell's count.
  '/account/notifications': anyStaff,
  '/admin/notifications': anyStaff,
  '/admin/notifications/[id]': anyStaff,
  '/api/workspace/counts': anyStaff,
  '/admin': anyStaff,
  '/admin/audit': staff('audit.read'),
  '/admin/privacy': staff('privacy.manage'),
  '/admin/retention': staff('privacy.manage'),
  '/admin/templates': staff('templates.edit'),
  '/admin/positions': staff('positions.view'),
  '/admin/positions/new': staff('positions.manage'),
  '/admin/positions/[id]': staff('positions.manage'),
  '/admin/applications': staff('applications.list'),
  '/admin/applications/[positionId]': staff('applications.list'),
  '/admin/applications/[positionId]/[applicationId]': staff('applications.read'),
  '/admin/applications/[positionId]/calibration': staff('applications.notes'),
  // A candidate's profile: the history of their applications in the viewer's reach (issue 33).
  '/admin/candidates/[candidateId]': staff('applications.history'),
  '/admin/talent-pool': staff('candidates.pool'),
  '/admin/insights': staff('insights.read'),
  // Offers (issue 54): the list and one offer in the reader's reach; the letter templates; the letter's PDF.
  '/admin/offers': staff('offers.read'),
  '/admin/offers/[id]': staff('offers.read'),
  '/admin/offers/templates': staff('offers.templates'),
  '/api/admin/offers/[id].pdf': staff('offers.read'),
  // The candidate's offer letter, from their application page: its secret token is the key.
  '/applications/[token]/offer.pdf': publicRoute,
  '/admin/insights/heard-about': staff('insights.configure'),
  // Webhooks and chat channels, and their delivery log (issue 55).
  '/admin/integrations': staff('integrations.manage'),
  '/admin/integrations/[id]': staff('integrations.manage'),
  '/admin/sso': staff('sso.manage'),
  '/admin/analytics': staff('analytics.view'),
  '/api/admin/analytics/[table].csv': staff('analytics.view'),
  '/admin/messages': staff('messages.handle'),
  '/admin/meetings': staff('messages.handle'),
  '/admin/messages/[id]': staff('messages.handle'),
  '/admin/posts': staff('content.edit'),
  '/admin/posts/[id]': staff('content.edit'),
  '/admin/media': staff('content.edit'),
  '/admin/pages': staff('content.edit'),
  '/admin/pages/[...page]': staff('content.edit'),
  '/api/admin/media': staff('content.edit'),
  '/api/admin/applications.csv': staff('applications.export'),
  '/api/admin/applications/[positionId].csv': staff('applications.export'),
  '/api/admin/resumes/[applicationId]': staff('applications.read'),
  '/api/admin/attachments/[messageId]': staff('messages.handle'),
  // Attachments of replies that came back (issue 35): the application's history, a message's handlers.
  '/api/admin/applications/[applicationId]/reply-files/[fileId]': staff('applications.history'),
  '/api/admin/messages/[messageId]/reply-files/[fileId]': staff('messages.handle'),
  '/api/admin/insights/[report].csv': staff('insights.read'),
  '/api/admin/audit.csv': staff('audit.read'),
  '/api/admin/privacy/export': staff('privacy.manage'),
  // The JSON API (issue 55): each route as the pages that show the same records, narrowed to the
  // token's owner's reach; its description, public (it holds no data).
  '/api/openapi.json': publicRoute,
  '/api/v1/positions': token('positions.view'),
  '/api/v1/positions/[id]': token('positions.view'),
  '/api/v1/applications': token('applications.list'),
  '/api/v1/applications/[id]': token('applications.read'),
  '/api/v1/applications/[id]/status': token('applications.decide'),
  '/api/v1/rejection-reasons': token('applications.decide'),
  '/api/v1/applications/[id]/notes': token('applications.review'),
  '/api/v1/candidates': token('applications.history'),
  '/api/v1/interviews': token('applications.read'),
  '/api/v1/messages': token('messages.handle'),
  '/api/v1/messages/[id]': token('messages.handle'),
  // One's own API tokens.
  '/account/api-tokens': staff('api.use'),
} as const satisfies Record<string, Rule>;

export type RoutePattern = keyof typeof routeRules;

/**
 * Every Astro action, by name. The admin.* names stay as they were when only admins had them: each
 * is now open to the roles holding its permission.
 */
export const actionRules = {
  apply: publicRoute,
  contact: publicRoute,
  'account.updateProfile': signedIn,
  'account.changePassword': signedIn,
  'account.startTwoFactor': signedIn,
  'account.confirmTwoFactor': signedIn,
  'account.disableTwoFactor': signedIn,
  'account.signOutOthers': signedIn,
  'account.signOutSession': signedIn,
  'account.deleteAccount': signedIn,
  'admin.setRole': staff('users.manage'),
  'admin.deleteUser': staff('users.manage'),
  'admin.resetTwoFactor': staff('users.manage'),
  'admin.invite': staff('users.manage'),
  'admin.resendInvitation': staff('users.manage'),
  'admin.revokeInvitation': staff('users.manage'),
  'admin.createPosition': staff('positions.manage'),
  'admin.updatePosition': staff('positions.manage'),
  'admin.setPositionActive': staff('positions.manage'),
  'admin.addTeamMember': staff('positions.manage'),
  'admin.removeTeamMember': staff('positions.manage'),
  'admin.saveInterviewPlan': staff('positions.manage'),
  'admin.setOfferBand': staff('offers.manage'),
  'admin.createOffer': staff('offers.manage'),
  'admin.saveOffer': staff('offers.manage'),
  'admin.submitOffer': staff('offers.manage'),
  'admin.discardOffer': staff('offers.manage'),
  'admin.sendOffer': staff('offers.manage'),
  'admin.withdrawOffer': staff('offers.manage'),
  'admin.replaceOffer': staff('offers.manage'),
  'admin.decideOffer': staff('offers.approve'),
  'admin.saveOfferTemplate': staff('offers.templates'),
  'admin.deleteOfferTemplate': staff('offers.templates'),
  'admin.saveHeardAboutOptions': staff('insights.configure'),
  'admin.setApplicationStatus': staff('applications.decide'),
  'admin.bulkApplications': staff('applications.decide'),
  'admin.emailCandidate': staff('applications.decide'),
  'admin.cancelCandidateEmail': staff('applications.decide'),
  'admin.mergeCandidates': staff('candidates.merge'),
  'admin.undoCandidateMerge': staff('candidates.merge'),
  'admin.inviteToApply': staff('candidates.pool'),
  'admin.assignInterviewer': staff('applications.assign'),
  'admin.unassignInterviewer': staff('applications.assign'),
  'admin.proposeInterview': staff('interviews.schedule'),
  'admin.cancelInterview': staff('interviews.schedule'),
  'admin.reofferInterview': staff('interviews.schedule'),
  'admin.recordInterview': staff('interviews.schedule'),
  'admin.addNote': staff('applications.review'),
  'admin.editNote': staff('applications.review'),
  'admin.deleteNote': staff('applications.review'),
  'admin.rateApplication': staff('applications.review'),
  'admin.saveScorecard': staff('applications.review'),
  'admin.saveTemplate': staff('templates.edit'),
  'admin.saveRejectionReason': staff('templates.edit'),
  'admin.createPost': staff('content.edit'),
  'admin.savePost': staff('content.edit'),
  'admin.previewPostBody': staff('content.edit'),
  'admin.publishPost': staff('content.edit'),
  'admin.unpublishPost': staff('content.edit'),
  'admin.schedulePost': staff('content.edit'),
  'admin.restorePostRevision': staff('content.edit'),
  'admin.comparePostRevision': staff('content.edit'),
  'admin.previewLink': staff('content.edit'),
  'admin.savePageTexts': staff('content.edit'),
  'admin.publishPageTexts': staff('content.edit'),
  'admin.restorePageRevision': staff('content.edit'),
  'admin.comparePageRevision': staff('content.edit'),
  'admin.pagePreviewLink': staff('content.edit'),
  'admin.setMediaAlt': staff('content.edit'),
  'admin.deleteMedia': staff('content.edit'),
  'admin.setMessageRead': staff('messages.handle'),
  'admin.deleteMessage': staff('messages.handle'),
  'admin.answerMessage': staff('messages.handle'),
  // Following a thread (issue 51): whoever may read the application, or handle the message.
  'admin.followApplication': staff('applications.read'),
  'admin.followMessage': staff('messages.handle'),
  'admin.saveIntegration': staff('integrations.manage'),
  'admin.setIntegrationEnabled': staff('integrations.manage'),
  'admin.newIntegrationSecret': staff('integrations.manage'),
  'admin.deleteIntegration': staff('integrations.manage'),
  'admin.redeliver': staff('integrations.manage'),
  'admin.saveSso': staff('sso.manage'),
  'admin.removeSso': staff('sso.manage'),
  'admin.createApiToken': staff('api.use'),
  'admin.revokeApiToken': staff('api.use'),
  'admin.setLegalHold': staff('privacy.manage'),
  'admin.erasePerson': staff('privacy.manage'),
} as const satisfies Record<string, Rule>;

export type ActionName = keyof typeof actionRules;

/** The admin area's sections, in the navigation's order: each shown to whoever may open its page. */
export const adminSections = [
  { key: 'dashboard', href: '/admin', route: '/admin', label: 'Dashboard' },
  { key: 'applications', href: '/admin/applications', route: '/admin/applications', label: 'Applications' },
  { key: 'positions', href: '/admin/positions', route: '/admin/positions', label: 'Positions' },
  { key: 'talent-pool', href: '/admin/talent-pool', route: '/admin/talent-pool', label: 'Talent pool' },
  { key: 'offers', href: '/admin/offers', route: '/admin/offers', label: 'Offers' },
  { key: 'insights', href: '/admin/insights', route: '/admin/insights', label: 'Insights' },
  { key: 'analytics', href: '/admin/analytics', route: '/admin/analytics', label: 'Analytics' },
  { key: 'templates', href: '/admin/templates', route: '/admin/templates', label: 'E-mail templates' },
  { key: 'posts', href: '/admin/posts', route: '/admin/posts', label: 'Blog posts' },
  { key: 'pages', href: '/admin/pages', route: '/admin/pages', label: 'Page texts' },
  { key: 'media', href: '/admin/media', route: '/admin/media', label: 'Media library' },
  { key: 'messages', href: '/admin/messages', route: '/admin/messages', label: 'Messages' },
  { key: 'meetings', href: '/admin/meetings', route: '/admin/meetings', label: 'Meetings' },
  { key: 'integrations', href: '/admin/integrations', route: '/admin/integrations', label: 'Integrations' },
  { key: 'sso', href: '/admin/sso', route: '/admin/sso', label: 'Single sign-on' },
  { key: 'privacy', href: '/admin/privacy', route: '/admin/privacy', label: 'Privacy requests' },
  { key: 'retention', href: '/admin/retention', route: '/admin/retention', label: 'Retention' },
  { key: 'audit', href: '/admin/audit', route: '/admin/audit', label: 'Audit log' },
] as const satisfies ReadonlyArray<{ key: string; href: string; route: RoutePattern; label: string }>;

export type AdminSectionKey = (typeof adminSections)[number]['key'];

/**
 * One's own account's pages: in the navigation of every signed-in person (the admin area's and a
 * candidate's), each shown to whoever may open it (availability: staff holding schedule.own).
 */
export const accountSections = [
  { key: 'account', href: '/account', route: '/account', label: 'Your account' },
  { key: 'account-availability', href: '/account/availability', route: '/account/availability', label: 'Your availability' },
  { key: 'account-notifications', href: '/account/notifications', route: '/account/notifications', label: 'Your notifications' },
  { key: 'account-api-tokens', href: '/account/api-tokens', route: '/account/api-tokens', label: 'API tokens' },
  // A candidate's own applications: not in a staff member's navigation (issue 51), who works on applications elsewhere.
  {
    key: 'account-applications',
    href: '/account/applications',
    route: '/account/applications',
    label: 'Your applications',
    notForStaff: true,
  },
] as const satisfies ReadonlyArray<{ key: string; href: string; route: RoutePattern; label: string; notForStaff?: boolean }>;

export type AccountSectionKey = (typeof accountSections)[number]['key'];
