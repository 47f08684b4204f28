import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { roles, staffRoles, type Role } from '@/lib/accounts/roles';
import { allows, can, canAll, isStaff, keeperRoles, ruleOfRoute, scopesOf, sectionsFor } from './permissions';
import { actionRules, grants, permissions, routeRules, type Permission } from './rules';

/*
 * The permission tables against the code base and against the words. The route rules must
 * name exactly the routes rendered on demand (a new route without a rule fails here, and the
 * middleware refuses it); what each role may do is written out below by hand, from issue 28, and
 * compared with the tables; and no file outside the permission module compares roles.
 */

const src = fileURLToPath(new URL('../../', import.meta.url));
const pagesDir = join(src, 'pages');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** Astro's route pattern of a file under src/pages: no extension, `index` is its folder. */
function patternOf(file: string): string {
  const path = `/${relative(pagesDir, file)}`.replace(/\.(astro|ts)$/, '').replace(/\/index$/, '');
  return path === '' ? '/' : path;
}

const routeFiles = filesUnder(pagesDir).filter((file) => /\.(astro|ts)$/.test(file) && !file.endsWith('.test.ts'));
const onDemand = routeFiles.filter((file) => /export const prerender = false/.test(readFileSync(file, 'utf8')));

describe('route rules', () => {
  it('name exactly the routes rendered on demand', () => {
    expect(onDemand.length).toBeGreaterThan(40);
    expect(Object.keys(routeRules).sort()).toEqual(onDemand.map(patternOf).sort());
  });

  it('leave no admin, account or admin API route prerendered (a prerendered page meets no rule)', () => {
    const prerendered = routeFiles.filter((file) => !onDemand.includes(file)).map(patternOf);
    expect(prerendered.filter((pattern) => /^\/(admin|account|api)(\/|$)/.test(pattern))).toEqual([]);
  });

  it('keep every /admin and /api/admin route for staff', () => {
    for (const [pattern, rule] of Object.entries(routeRules))
      if (/^\/(admin|api\/admin)(\/|$)/.test(pattern)) expect(rule.access, pattern).toBe('staff');
  });

  it('refuse what has no rule', () => {
    expect(ruleOfRoute('/admin/new-page-nobody-wrote-a-rule-for')).toBeUndefined();
    expect(ruleOfRoute(undefined)).toBeUndefined();
    expect(ruleOfRoute('/admin')).toEqual({ access: 'staff' });
  });

  it('give every admin.* action a permission', () => {
    for (const [name, rule] of Object.entries(actionRules)) {
      if (name.startsWith('admin.')) expect(rule.access === 'staff' && 'permission' in rule, name).toBe(true);
      if (name.startsWith('account.')) expect(rule.access, name).toBe('signed-in');
    }
  });
});

/** What each role may do, in the words of issue 28: `all`, only its `team`'s, only `assigned`, or nothing (absent). */
const expected: Record<Exclude<Role, 'admin'>, Partial<Record<Permission, readonly string[]>>> = {
  recruiter: {
    'positions.view': ['all'],
    'positions.manage': ['all'],
    'applications.list': ['all'],
    'applications.export': ['all'],
    'applications.read': ['all'],
    // Issue 50: "an interviewer sees the resume and answers but not the candidate's phone and home address".
    'applications.contact': ['all'],
    'applications.history': ['all'],
    'applications.review': ['all'],
    'applications.notes': ['all'],
    'applications.decide': ['all'],
    'applications.assign': ['all'],
    'templates.edit': ['all'],
    'insights.read': ['all'],
    'insights.configure': ['all'],
    'alerts.read': ['all'],
    // Issue 31: interviews, and one's own availability.
    'interviews.schedule': ['all'],
    'schedule.own': ['all'],
    // Issue 33: "a recruiter merges with a click and can undo it".
    'candidates.merge': ['all'],
    // Issue 33: "searchable as a pool for a new position, with invite to apply".
    'candidates.pool': ['all'],
    // Issue 54: "a recruiter drafts an offer"; "interviewers and editors never see pay".
    'offers.read': ['all'],
    'offers.manage': ['all'],
    // Issue 55: "personal tokens that act with their owner's role and scope, never more".
    'api.use': ['all'],
  },
  hiring_manager: {
    'positions.view': ['team'],
    'applications.list': ['team'],
    'applications.export': ['team'],
    'applications.read': ['team', 'assigned'],
    'applications.contact': ['team'],
    'applications.history': ['team'],
    'applications.review': ['team', 'assigned'],
    'applications.notes': ['team'],
    'applications.decide': ['team'],
    'applications.assign': ['team'],
    'insights.read': ['team'],
    'interviews.schedule': ['team'],
    'schedule.own': ['all'],
    // Issue 54: "the hiring manager and an admin approve it": their team's offers.
    'offers.read': ['team'],
    'offers.approve': ['team'],
    'api.use': ['all'],
  },
  interviewer: { 'applications.read': ['assigned'], 'applications.review': ['assigned'], 'schedule.own': ['all'], 'api.use': ['all'] },
  // An editor has no API token: the API holds nothing of the site's content.
  // Issue 57: the site's analytics for "admins, editors and sales".
  editor: { 'content.edit': ['all'], 'analytics.view': ['all'] },
  sales: { 'messages.handle': ['all'], 'analytics.view': ['all'], 'meetings.host': ['all'], 'schedule.own': ['all'], 'api.use': ['all'] },
  user: {},
};

describe('grants', () => {
  it('give admins every permission over every record', () => {
    for (const permission of permissions) expect(scopesOf('admin', permission), permission).toEqual(['all']);
  });

  it.each(Object.entries(expected))('give %s exactly what the issue says', (role, wanted) => {
    for (const permission of permissions)
      expect(scopesOf(role as Role, permission), `${role}: ${permission}`).toEqual(wanted[permission] ?? []);
  });

  it('never let a recruiter, hiring manager, interviewer, editor or salesperson manage users, privacy or the audit log', () => {
    for (const role of roles.filter((each) => each !== 'admin'))
      for (const permission of ['users.manage', 'privacy.manage', 'audit.read'] as const) expect(can({ role }, permission)).toBe(false);
    expect(keeperRoles()).toEqual(['admin']);
  });

  it('keep editors and sales away from candidate data, and interviewers from every list and export', () => {
    for (const role of ['editor', 'sales'] as const)
      expect(permissions.filter((permission) => permission.startsWith('applications.') && can({ role }, permission))).toEqual([]);
    for (const permission of ['applications.list', 'applications.export', 'insights.read'] as const)
      expect(can({ role: 'interviewer' }, permission)).toBe(false);
    expect(canAll({ role: 'hiring_manager' }, 'applications.read')).toBe(false);
  });

  it('let only staff through a staff rule, and everyone through a public one', () => {
    expect(staffRoles.every((role) => isStaff(role))).toBe(true);
    expect(isStaff('user')).toBe(false);
    expect(allows(null, { access: 'public' })).toBe(true);
    expect(allows(null, { access: 'signed-in' })).toBe(false);
    expect(allows({ role: 'user' }, { access: 'signed-in' })).toBe(true);
    expect(allows({ role: 'user' }, { access: 'staff' })).toBe(false);
    expect(allows({ role: 'editor' }, { access: 'staff' })).toBe(true);
    expect(allows({ role: 'editor' }, { access: 'staff', permission: 'applications.read' })).toBe(false);
  });

  it('show each role only its own sections', () => {
    const keys = (role: Role) => sectionsFor({ role }).map((section) => section.key);
    expect(keys('admin')).toEqual([
      'dashboard',
      'applications',
      'positions',
      'talent-pool',
      'offers',
      'insights',
      'analytics',
      'templates',
      'posts',
      'pages',
      'media',
      'messages',
      'meetings',
      'integrations',
      'sso',
      'privacy',
      'retention',
      'audit',
    ]);
    expect(keys('recruiter')).toEqual(['dashboard', 'applications', 'positions', 'talent-pool', 'offers', 'insights', 'templates']);
    expect(keys('hiring_manager')).toEqual(['dashboard', 'applications', 'positions', 'offers', 'insights']);
    expect(keys('interviewer')).toEqual(['dashboard']);
    expect(keys('editor')).toEqual(['dashboard', 'analytics', 'posts', 'pages', 'media']);
    expect(keys('sales')).toEqual(['dashboard', 'analytics', 'messages', 'meetings']);
    expect(keys('user')).toEqual([]);
  });

  it('leave no role without a grants entry', () => {
    expect(Object.keys(grants).sort()).toEqual([...roles].sort());
  });
});

describe('the one permission module', () => {
  it('is the only place that compares roles', () => {
    const roleLiteral = `'(?:${roles.join('|')})'`;
    const comparison = new RegExp(`\\brole\\s*[!=]==\\s*${roleLiteral}|${roleLiteral}\\s*[!=]==\\s*[\\w.]*role\\b|\\bisAdmin\\b`);
    const allowed = new Set([
      // The permission module itself.
      'server/access/permissions.ts',
      'server/access/rules.ts',
      // Words chosen by role (the spec's admin welcome), not access.
      'lib/accounts/texts.ts',
      // ADMIN_EMAILS grants the admin role itself.
      'server/accounts/auth.ts',
    ]);
    const offenders = filesUnder(src)
      .filter((file) => /\.(ts|tsx|astro)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !allowed.has(relative(src, file)))
      .filter((file) => comparison.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });
});

describe('the search of applications (issue 33)', () => {
  it('reads notes only for roles that read notes wherever they list: the search finds words in notes', () => {
    for (const role of roles) {
      const listing = scopesOf(role, 'applications.list');
      for (const scope of listing) expect(scopesOf(role, 'applications.notes'), `${role} at ${scope}`).toContain(scope);
    }
  });
});
