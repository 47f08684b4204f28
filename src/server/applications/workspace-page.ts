import type { Database } from '../db/client.ts';
import { can, type Who } from '../access/permissions.ts';
import { listPositionChoices } from '../positions/manage.ts';
import { formatPhone } from '../../lib/phone/phone.ts';
import { applicationHref, parseWorkspaceQuery, workspaceHref, type WorkspaceQuery } from '../../lib/applications/query.ts';
import { statusLabels } from '../../lib/applications/status.ts';
import { listTemplates, senderName } from './emails.ts';
import { listApplicationSources, pageWorkspace } from './workspace.ts';
import { HOME_LIST_LIMIT } from './attention.ts';
import { listRejectionReasons } from './rejections.ts';

/**
 * Everything a page of the workspace shows, for /admin/applications and a position's own page:
 * the view read from the URL (a non-canonical address answered with a redirect to the canonical
 * one, so every view has one address), its page of rows, the filters' choices.
 */
export async function loadWorkspacePage(db: Database, viewer: Who, url: URL, position: { id: string; title: string } | null) {
  const reach = { who: viewer, permission: 'applications.list' } as const;
  const base = position ? `/admin/applications/${position.id}` : '/admin/applications';
  const query: WorkspaceQuery = parseWorkspaceQuery(url.searchParams, position ? { position: position.id } : {});
  const canonical = workspaceHref(query, base);
  if (canonical !== url.pathname + url.search) return { redirect: canonical } as const;
  const [list, positions, templates, sources, sender, reasons] = await Promise.all([
    // With where the search found each applicant of the page (issue 33).
    pageWorkspace(db, query, reach, { snippets: true }),
    position ? null : listPositionChoices(db, viewer, 'applications.list'),
    listTemplates(db),
    listApplicationSources(db, reach),
    senderName(db, viewer),
    listRejectionReasons(db),
  ]);
  // A page past the end (an old link, or applications moved on): the last page that exists.
  if (query.page > list.pages) return { redirect: workspaceHref({ ...query, page: list.pages }, base) } as const;
  // The view as /admin/applications reads it (position included): for the detail pages and the export.
  const listSearch = new URL(workspaceHref({ ...query, page: 1 }), url).search;
  return {
    redirect: null,
    base,
    query,
    list,
    positions,
    // The chosen source stays a choice even when no application has it any more.
    sources: query.source && !sources.includes(query.source) ? [...sources, query.source] : sources,
    rows: await Promise.all(list.rows.map(async (row) => ({ ...row, phone: await formatPhone(row.phone) }))),
    listSearch,
    rejection: templates.find((template) => template.key === 'rejection')!,
    // Every rejection, bulk ones too, carries one of these reasons (issue 32).
    reasons,
    // The rejection e-mail is signed with the viewer's name: the bulk dialog's previews say so.
    senderName: sender,
    // The export, for those who may export (every role that lists applications today).
    csvHref: can(viewer, 'applications.export') ? `/api/admin/applications.csv${listSearch}` : null,
    emptyText: query.status
      ? `No applications are ${statusLabels[query.status].toLowerCase()}.`
      : list.all === 0
        ? 'No applications yet.'
        : 'No application matches these filters.',
  } as const;
}

/**
 * A role home's way into the queue (issue 30): how many applications in the viewer's reach are
 * new (pending), the list of them, and the first of them opened with that list, so one click
 * starts the review and j (or Next application) goes on to the following one.
 */
export async function newApplicationsQueue(db: Database, viewer: Who) {
  const query = parseWorkspaceQuery(new URLSearchParams({ status: 'pending' }));
  const list = await pageWorkspace(db, query, { who: viewer, permission: 'applications.list' });
  const listHref = workspaceHref(query);
  const listSearch = new URL(listHref, 'http://list').search;
  const first = list.rows[0];
  return {
    count: list.total,
    listHref,
    nextHref: first ? applicationHref(first, listSearch) : null,
    // The newest few, each opened with the list of new ones (so Next goes on from there).
    newest: list.rows.slice(0, HOME_LIST_LIMIT).map((row) => ({ ...row, href: applicationHref(row, listSearch) })),
  };
}
