import type { Database } from '../db/client.ts';
import { allows, can, isStaff, sectionsFor, type Who } from '../access/permissions.ts';
import { accountSections, routeRules } from '../access/rules.ts';
import { countFeedbackDue, countNewApplications } from '../applications/attention.ts';
import { countUnreadMessages } from '../messages/inbox.ts';
import type { NavGroup, NavItem, NavKey } from '../../lib/workspace-nav.ts';

/**
 * The workspace's side navigation for one person (issue 30): the admin sections their role may
 * open (asked of the permission module, never decided here), their own account's pages, and the
 * counts that tell them where work waits. Counted per request: the counts are cheap (indexed
 * counts in the viewer's reach) and must be true on every page.
 */

// A section the permission module adds without its key in NavKey (and its icon) fails to compile here.
export type { NavGroup, NavItem, NavKey };

/** Counts a page has already made (the inbox its unread, the home its queues): not counted again. */
export type KnownCounts = Partial<Record<'applications' | 'messages' | 'dashboard', number>>;

/** The counts beside the navigation's entries for this person, each counted only where they have the section. */
export async function navigationCounts(db: Database, who: Who, known: KnownCounts = {}) {
  const sections = isStaff(who.role) ? sectionsFor(who) : [];
  const [applications, messages, dashboard] = await Promise.all([
    known.applications ?? (sections.some((section) => section.key === 'applications') ? countNewApplications(db, who) : 0),
    known.messages ?? (can(who, 'messages.handle') ? countUnreadMessages(db) : 0),
    known.dashboard ?? (isStaff(who.role) ? countFeedbackDue(db, who) : 0),
  ]);
  return { applications, messages, dashboard };
}

/** What each count says to a screen reader after its number ("3 new"). */
export const countLabels = { dashboard: 'awaiting your feedback', applications: 'new', messages: 'unread' } as const;

export async function workspaceNavigation(db: Database, who: Who, known: KnownCounts = {}): Promise<NavGroup[]> {
  const sections = isStaff(who.role) ? sectionsFor(who) : [];
  const values = await navigationCounts(db, who, known);
  const counts: Partial<Record<NavKey, NavItem['count']>> = {
    dashboard: { value: values.dashboard, label: countLabels.dashboard },
    applications: { value: values.applications, label: countLabels.applications },
    messages: { value: values.messages, label: countLabels.messages },
  };
  const groups: NavGroup[] = [];
  if (sections.length > 0)
    groups.push({
      label: 'Work',
      items: sections.map(({ key, href, label }) => ({ key, href, label, count: counts[key] })),
    });
  groups.push({
    label: 'You',
    items: accountSections
      .filter((section) => allows(who, routeRules[section.route]) && !('notForStaff' in section && isStaff(who.role)))
      .map(({ key, href, label }) => ({ key, href, label })),
  });
  return groups;
}
