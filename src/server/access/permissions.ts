import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { applicationInterviewers, applications, hiringTeamMembers, positions } from '../db/schema.ts';
import { roles, staffRoles, type Role } from '../../lib/accounts/roles.ts';
import { isUuid } from '../../lib/ids.ts';
import { adminSections, grants, routeRules, type Permission, type Rule, type Scope } from './rules.ts';

/**
 * The questions every part of the site asks before it shows or changes something: may this person
 * do this, and on which records. The answers come from the tables in rules.ts; nothing else in the
 * code compares roles (decision 036).
 */

export type { Permission, Rule, Scope } from './rules.ts';

/** The person asking, as far as permissions go. */
export interface Who {
  id: string;
  role: Role;
}

/** Whether the role belongs to the company's staff (works in the admin area). */
export function isStaff(role: Role | null | undefined): boolean {
  return role !== null && role !== undefined && (staffRoles as readonly string[]).includes(role);
}

/** The scopes at which a role holds a permission; empty when it does not. */
export function scopesOf(role: Role, permission: Permission): readonly Scope[] {
  return grants[role]?.[permission] ?? [];
}

/** The roles that hold a permission at some scope (e.g. who can be asked to interview). */
export function rolesWith(permission: Permission): Role[] {
  return roles.filter((role) => scopesOf(role, permission).length > 0);
}

/** The roles that hold a permission over every record (an offer's admin approval: any of them gives it). */
export function rolesWithAll(permission: Permission): Role[] {
  return roles.filter((role) => scopesOf(role, permission).includes('all'));
}

/** The roles that hold a permission on their hiring team's records and no further (an offer's named approvers: hiring managers). */
export function rolesWithTeamOnly(permission: Permission): Role[] {
  return roles.filter((role) => scopesOf(role, permission).includes('team') && !scopesOf(role, permission).includes('all'));
}

/**
 * The roles whose last holder must stay: those who manage users (without one, nobody could give
 * anyone a role again). "The last admin" of the spec's rules.
 */
export const keeperRoles = (): Role[] => rolesWith('users.manage');

/** Whether the person holds the permission at all (some scope). */
export function can(who: Pick<Who, 'role'> | null, permission: Permission): boolean {
  return who !== null && scopesOf(who.role, permission).length > 0;
}

/** Whether the person holds the permission over every record (not only their team's or assignments). */
export function canAll(who: Pick<Who, 'role'> | null, permission: Permission): boolean {
  return who !== null && scopesOf(who.role, permission).includes('all');
}

/** Whether a rule of rules.ts lets this person (null: signed out) request the route or action. */
export function allows(who: Pick<Who, 'role'> | null, rule: Rule): boolean {
  if (rule.access === 'public') return true;
  if (!who) return false;
  if (rule.access === 'signed-in') return true;
  // 'staff', and 'token' (the JSON API: its door, src/server/api/door.ts, finds whose token it is).
  if (!isStaff(who.role)) return false;
  return rule.permission ? can(who, rule.permission) : true;
}

/** The rule of an on-demand route, by Astro's route pattern; undefined for a route without one. */
export function ruleOfRoute(pattern: string | undefined): Rule | undefined {
  return pattern !== undefined && Object.hasOwn(routeRules, pattern) ? routeRules[pattern as keyof typeof routeRules] : undefined;
}

const teamPositions = (who: Who) =>
  sql`(select ${hiringTeamMembers.positionId} from ${hiringTeamMembers} where ${hiringTeamMembers.userId} = ${who.id})`;
const assignedApplications = (who: Who) =>
  sql`(select ${applicationInterviewers.applicationId} from ${applicationInterviewers} where ${applicationInterviewers.userId} = ${who.id})`;

const anyOf = (parts: SQL[]): SQL =>
  parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;

/**
 * The applications a person may reach with a permission, as a condition for a query's WHERE.
 * `columns` name the application's id and position id in that query (a join or an alias).
 */
export function applicationsInScope(
  who: Who,
  permission: Permission,
  columns: { id: SQLWrapper; positionId: SQLWrapper } = { id: applications.id, positionId: applications.positionId },
): SQL {
  const scopes = scopesOf(who.role, permission);
  if (scopes.includes('all')) return sql`true`;
  return anyOf(
    scopes.map((scope) =>
      scope === 'team' ? sql`${columns.positionId} in ${teamPositions(who)}` : sql`${columns.id} in ${assignedApplications(who)}`,
    ),
  );
}

/**
 * The applications a person may reach with a permission, as a condition on their position alone,
 * when that reach is whole positions (every one, or their hiring teams'): what counts kept per
 * position can answer (applications/tally.ts). Null when it is application by application.
 */
export function applicationPositionsInScope(who: Who, permission: Permission, positionId: SQLWrapper): SQL | null {
  const scopes = scopesOf(who.role, permission);
  if (scopes.includes('all')) return sql`true`;
  if (scopes.length === 0) return sql`false`;
  if (scopes.some((scope) => scope !== 'team')) return null;
  return sql`${positionId} in ${teamPositions(who)}`;
}

/** The positions a person may reach with a permission, as a condition on a position id column. */
export function positionsInScope(who: Who, permission: Permission, positionId: SQLWrapper = positions.id): SQL {
  const scopes = scopesOf(who.role, permission);
  if (scopes.includes('all')) return sql`true`;
  return anyOf(
    scopes.map((scope) =>
      scope === 'team'
        ? sql`${positionId} in ${teamPositions(who)}`
        : sql`${positionId} in (select ${applications.positionId} from ${applications} where ${applications.id} in ${assignedApplications(who)})`,
    ),
  );
}

/** Whether the person may act on this application (false for one that does not exist). */
export async function mayOnApplication(db: Database, who: Who, permission: Permission, applicationId: string): Promise<boolean> {
  return (await mayOnApplicationEach(db, who, [permission], applicationId))[permission];
}

/**
 * mayOnApplication for several permissions, in one query: a page asks what its viewer may do on
 * the application it shows (an application's page asked nine questions, each a query of its own,
 * at 50,000 applications a fifth of its queries; issue 52). Permissions the role holds at the same
 * scopes have one answer, so they share a column; one it does not hold is false without asking.
 */
export async function mayOnApplicationEach<P extends Permission>(
  db: Database,
  who: Who,
  permissions: readonly P[],
  applicationId: string,
): Promise<Record<P, boolean>> {
  const answers = {} as Record<P, boolean>;
  const byReach = new Map<string, P[]>();
  for (const permission of permissions) {
    answers[permission] = false;
    const scopes = scopesOf(who.role, permission);
    if (scopes.length === 0) continue;
    const reach = [...scopes].sort().join(' ');
    const alike = byReach.get(reach);
    if (alike) alike.push(permission);
    else byReach.set(reach, [permission]);
  }
  if (byReach.size === 0 || !isUuid(applicationId)) return answers;
  const groups = [...byReach.values()];
  const [row] = await db
    .select(Object.fromEntries(groups.map((group, index) => [`reach${index}`, sql<boolean>`${applicationsInScope(who, group[0]!)}`])))
    .from(applications)
    .where(sql`${applications.id} = ${applicationId}`);
  // No row: no such application, which nobody may act on.
  if (row !== undefined)
    groups.forEach((group, index) => group.forEach((permission) => (answers[permission] = row[`reach${index}`] === true)));
  return answers;
}

/** Whether the person may act on this position (false for one that does not exist). */
export async function mayOnPosition(db: Database, who: Who, permission: Permission, positionId: string): Promise<boolean> {
  if (!isUuid(positionId) || !can(who, permission)) return false;
  const [row] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(sql`${positions.id} = ${positionId} and ${positionsInScope(who, permission)}`);
  return row !== undefined;
}

/** The admin area's sections this person may open, in order: the navigation shows these and no others. */
export function sectionsFor(who: Pick<Who, 'role'>) {
  return adminSections.filter((section) => allows(who, routeRules[section.route]));
}
