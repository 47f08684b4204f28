import { offersOfApplication } from '../offers/read.ts';
import { listOfferTemplates } from '../offers/templates.ts';
import type { Database } from '../db/client.ts';
import { reachApplicationWith, type Staff } from '../access/guard.ts';
import { can } from '../access/permissions.ts';
import { getPosition } from '../positions/manage.ts';
import { listApplicationReads, recordApplicationView } from '../privacy/access.ts';
import { parseWorkspaceQuery, workspaceHref } from '../../lib/applications/query.ts';
import { formatPhone } from '../../lib/phone/phone.ts';
import { teamTexts } from '../../lib/accounts/team.ts';
import { listTemplates, placeholderValues, scheduledCandidateEmails } from './emails.ts';
import { listAssignable, listInterviewers } from './interviewers.ts';
import { listNotes, ratingSummary } from './notes.ts';
import { getApplicationDetail } from './review.ts';
import { resumeTextState } from '../resumes/resume-texts.ts';
import { candidateHref } from '../../lib/candidates/profile.ts';
import { applicationTimeline } from './timeline.ts';
import { listInterviews } from '../scheduling/interviews.ts';
import { latestInterviewStage, scorecardsFor, type ScorecardRow } from '../scorecards/scorecards.ts';
import { planOfPosition } from '../scorecards/plans.ts';
import { hostZones } from '../scheduling/bookings.ts';
import { dayIn } from '../scheduling/slots.ts';
import { neighbours, otherApplicationsOf } from './workspace.ts';
import { latestRejection, listRejectionReasons } from './rejections.ts';
import { markThreadRead } from '../notifications/list.ts';
import { isFollowing } from '../notifications/recipients.ts';
import { panelInterviewsOf } from '../scorecards/scorecards.ts';
import { whenLabel } from '../../lib/scheduling/format.ts';

/**
 * Everything one application's page shows to this person, and only what their role includes
 * (src/server/access/rules.ts): the application and its resume; notes and ratings (everyone's, or
 * only their own); the status, the e-mail composer and the interviewers to assign (deciders); its
 * timeline, who has read it and the same person's other applications (history); "previous" and
 * "next" in the list the person came from (?list= carries that list's filters; without it, the
 * position's own list). An application outside their reach is null (the page's 404), and audited.
 * Opening the page is recorded before its reads are listed.
 */
export async function loadApplicationPage(
  db: Database,
  viewer: Staff & { name: string },
  url: URL,
  positionId: string,
  applicationId: string,
) {
  // What the viewer may do here, asked with whether they may read it at all: one query (issue 52).
  const reach = await reachApplicationWith(db, viewer, 'applications.read', applicationId, [
    'applications.review',
    'applications.notes',
    'applications.decide',
    'applications.assign',
    'applications.history',
    'applications.contact',
    'interviews.schedule',
    // Offers (issue 54): an interviewer's or an editor's role holds none (answered false, not asked).
    'offers.read',
  ]);
  if (!reach) return null;
  const none = Promise.resolve(null);
  const listReach = { who: viewer, permission: 'applications.list' } as const;
  const list = parseWorkspaceQuery(new URLSearchParams(url.searchParams.get('list') ?? `?position=${positionId}`), { page: 1 });
  // "Previous" and "next" need only the address: asked now, beside everything else. Opened from a
  // search, they are the page's longest wait (the search's ranked matches). Handled here too, so a
  // page that ends early (no such position) leaves no promise rejected unheard.
  const mayList = can(viewer, 'applications.list');
  const neighbouring = mayList ? neighbours(db, list, listReach, applicationId) : none;
  neighbouring.catch(() => {});
  const [position, detail] = await Promise.all([getPosition(db, positionId), getApplicationDetail(db, positionId, applicationId)]);
  if (!position || !detail) return null;
  const { application } = detail;
  const offersRead = reach['offers.read'];
  const may = {
    review: reach['applications.review'],
    allNotes: reach['applications.notes'],
    decide: reach['applications.decide'],
    assign: reach['applications.assign'],
    history: reach['applications.history'],
    contact: reach['applications.contact'],
    list: mayList,
    hold: can(viewer, 'privacy.manage'),
    schedule: reach['interviews.schedule'],
    offers: offersRead,
    draftOffers: offersRead && can(viewer, 'offers.manage'),
  };
  // The opening is recorded, and what they were told of this application marked read: they are
  // looking at it (issue 51). Beside everything the page reads but the reads, which list this one.
  const recorded = Promise.all([
    recordApplicationView(db, viewer, application.id),
    markThreadRead(db, viewer.id, `application:${application.id}`),
  ]);
  const listSearch = new URL(workspaceHref(list), url).search;
  const withList = (target: { id: string; positionId: string }) =>
    `/admin/applications/${target.positionId}/${target.id}?list=${encodeURIComponent(listSearch)}`;

  const [
    reads,
    notes,
    ratings,
    templates,
    values,
    timeline,
    around,
    others,
    interviewers,
    assignable,
    interviews,
    zones,
    cards,
    plan,
    myStage,
    reasons,
    rejection,
    scheduled,
    resumeText,
    following,
    panel,
    offerList,
    offerTemplates,
  ] = await Promise.all([
    may.history ? recorded.then(() => listApplicationReads(db, application.id)) : none,
    may.review || may.allNotes ? listNotes(db, application.id) : none,
    may.review || may.allNotes ? ratingSummary(db, application.id, viewer.id) : none,
    may.decide ? listTemplates(db) : none,
    may.decide ? placeholderValues(db, application.id, viewer.name) : none,
    may.history ? applicationTimeline(db, application.id) : none,
    neighbouring,
    may.history ? otherApplicationsOf(db, application.id, { who: viewer, permission: 'applications.history' }) : none,
    listInterviewers(db, application.id),
    may.assign || may.schedule ? listAssignable(db, position.id) : none,
    // Interviews: to those who schedule them and those who read the application's history.
    may.schedule || may.history ? listInterviews(db, application.id) : none,
    hostZones(db, [{ userId: viewer.id }]),
    // Scorecards (issue 32): to those who review, blind until they submitted their own.
    may.review || may.allNotes ? scorecardsFor(db, viewer, application.id, may.allNotes) : none,
    may.review || may.allNotes || may.schedule ? planOfPosition(db, position.id) : none,
    may.review ? latestInterviewStage(db, viewer.id, application.id) : none,
    // Rejecting needs a reason (issue 32); the reason of a rejected application is shown to those who decide.
    may.decide ? listRejectionReasons(db) : none,
    may.decide && application.status === 'rejected' ? latestRejection(db, application.id) : none,
    // Delayed e-mails still to go, to cancel (issue 32).
    may.decide ? scheduledCandidateEmails(db, application.id) : none,
    detail.resumeFileName ? resumeTextState(db, application.id) : none,
    isFollowing(db, viewer.id, { applicationId: application.id }),
    panelInterviewsOf(db, viewer.id, application.id, position.id),
    may.offers ? offersOfApplication(db, application.id) : none,
    may.draftOffers ? listOfferTemplates(db) : none,
    recorded,
  ]);
  const timeZone = zones.get(viewer.id)!;
  // Without the right to read everyone's notes and ratings (an interviewer), only one's own, until
  // they submitted a scorecard here (blind until submitted, issue 32).
  const seesAll = may.allNotes || (cards?.seesPanel ?? false);
  const own = <T extends { authorUserId?: string | null; reviewerUserId?: string }>(rows: T[]) =>
    seesAll ? rows : rows.filter((row) => (row.authorUserId ?? row.reviewerUserId) === viewer.id);
  return {
    position,
    // The phone as people read it ("+55 11 96123 4567"); stored in E.164. Neither it nor the home
    // address to those who may not contact the candidate (an interviewer, issue 50).
    application: {
      ...application,
      phone: may.contact ? await formatPhone(application.phone) : null,
      address: may.contact ? application.address : null,
    },
    may,
    reasons: reasons ?? [],
    scheduled: scheduled?.map((email) => ({ id: email.id, subject: email.subject, sendAt: email.sendAt! })) ?? [],
    rejection: rejection && { reason: rejection.reason, detail: rejection.detail },
    resume: detail.resumeFileName
      ? {
          fileName: detail.resumeFileName,
          size: detail.resumeSize,
          isPdf: detail.resumeContentType === 'application/pdf',
          // Whether its words are searchable, or why not (issue 33).
          text: resumeText!,
        }
      : null,
    reads,
    notes:
      notes && own(notes).map(({ updatedAt, ...note }) => ({ ...note, edited: updatedAt.getTime() - note.createdAt.getTime() > 1000 })),
    ratings: ratings && own(ratings.ratings),
    templates: templates?.map(({ key, subject, body }) => ({ key, subject, body })) ?? null,
    values,
    timeline,
    listHref: may.list ? `/admin/applications${listSearch}` : null,
    previousHref: around?.previous ? withList(around.previous) : null,
    nextHref: around?.next ? withList(around.next) : null,
    others: others?.map((other) => ({ ...other, href: withList(other) })) ?? [],
    profileHref: may.history ? candidateHref(application.candidateId) : null,
    following,
    offers: offerList && { items: offerList, templates: offerTemplates?.map(({ id, name }) => ({ id, name })) ?? null },
    // The interviews of this application the viewer is on the panel of: which, when, with whom (issue 51).
    myInterviews: panel.map((interview) => ({
      stage: interview.stage,
      when: whenLabel(interview.startsAt, timeZone),
      minutes: Math.round((interview.endsAt.getTime() - interview.startsAt.getTime()) / 60_000),
      others: interview.others,
    })),
    interviewers,
    assignable: may.assign
      ? assignable?.map(({ onTeam, ...person }) => ({ ...person, group: onTeam ? teamTexts.onTeam : teamTexts.otherStaff }))
      : null,
    scorecards: cards &&
      plan && {
        plan,
        mine: cards.mine.map(scorecardView),
        others: cards.others.map(scorecardView),
        hidden: cards.hidden,
        // The form opens on the stage of the viewer's own interview with them, when there is one.
        defaultStage: myStage,
      },
    interviews: interviews && {
      items: interviews,
      people: may.schedule ? (assignable ?? []).map(({ onTeam: _onTeam, ...person }) => person) : [],
      stages: (plan ?? []).map((stage) => ({ id: stage.id, name: stage.name })),
      timeZone,
      today: dayIn(new Date(), timeZone),
    },
  };
}

/** What the page's scorecard panel needs of a card (never its author's id). */
const scorecardView = (row: ScorecardRow) => ({
  authorName: row.authorName,
  stageId: row.stageId,
  stageName: row.stageName,
  answers: row.answers,
  takeaways: row.takeaways,
  recommendation: row.recommendation,
  status: row.status,
  submittedAt: row.submittedAt,
  amendedAt: row.amendedAt,
});
