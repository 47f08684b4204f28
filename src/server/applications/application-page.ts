import type { Database } from '../db/client.ts';
import type { Viewer } from '../accounts/session.ts';
import { getPosition } from '../positions/manage.ts';
import { listApplicationReads, recordApplicationView } from '../privacy/access.ts';
import { parseWorkspaceQuery, workspaceHref } from '../../lib/applications/query.ts';
import { formatPhone } from '../../lib/phone/phone.ts';
import { listTemplates, placeholderValues } from './emails.ts';
import { listNotes, ratingSummary } from './notes.ts';
import { getApplicationDetail } from './review.ts';
import { applicationTimeline } from './timeline.ts';
import { neighbours, otherApplicationsOf } from './workspace.ts';

/**
 * Everything one application's page shows: the application and its resume, notes, ratings, the
 * e-mail templates filled for it, its timeline, who has read it, the same person's other
 * applications, and "previous" and "next" in the list the recruiter came from (?list= carries
 * that list's filters; without it, the position's own list). Opening the page is recorded first.
 */
export async function loadApplicationPage(db: Database, viewer: Viewer, url: URL, positionId: string, applicationId: string) {
  const [position, detail] = await Promise.all([getPosition(db, positionId), getApplicationDetail(db, positionId, applicationId)]);
  if (!position || !detail) return null;
  const { application } = detail;
  await recordApplicationView(db, viewer, application.id);

  const list = parseWorkspaceQuery(new URLSearchParams(url.searchParams.get('list') ?? `?position=${position.id}`), { page: 1 });
  const listSearch = new URL(workspaceHref(list), url).search;
  const withList = (target: { id: string; positionId: string }) =>
    `/admin/applications/${target.positionId}/${target.id}?list=${encodeURIComponent(listSearch)}`;

  const [reads, notes, ratings, templates, values, timeline, around, others] = await Promise.all([
    listApplicationReads(db, application.id),
    listNotes(db, application.id),
    ratingSummary(db, application.id, viewer.id),
    listTemplates(db),
    placeholderValues(db, application.id, viewer.name),
    applicationTimeline(db, application.id),
    neighbours(db, list, application.id),
    otherApplicationsOf(db, application.id),
  ]);
  return {
    position,
    // The phone as people read it ("+55 11 96123 4567"); stored in E.164.
    application: { ...application, phone: await formatPhone(application.phone) },
    resume: detail.resumeFileName
      ? { fileName: detail.resumeFileName, size: detail.resumeSize, isPdf: detail.resumeContentType === 'application/pdf' }
      : null,
    reads,
    notes: notes.map(({ updatedAt, ...note }) => ({ ...note, edited: updatedAt.getTime() - note.createdAt.getTime() > 1000 })),
    ratings: ratings.ratings,
    templates: templates.map(({ key, subject, body }) => ({ key, subject, body })),
    values: values!,
    timeline,
    listHref: `/admin/applications${listSearch}`,
    previousHref: around.previous ? withList(around.previous) : null,
    nextHref: around.next ? withList(around.next) : null,
    others: others.map((other) => ({ ...other, href: withList(other) })),
  };
}
