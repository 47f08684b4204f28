import { eq } from 'drizzle-orm';
import type { Auth } from './auth.ts';
import { SESSION_ABSOLUTE_DAYS } from './auth.ts';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { AUTH_HINT_COOKIE } from '../../lib/auth-hint.ts';

/** Who is asking: the signed-in user as the server sees them (role read from the database). */
export interface Viewer {
  id: string;
  email: string;
  name: string;
  username: string;
  role: 'user' | 'admin';
  isAdmin: boolean;
  sessionId: string;
}

export interface SessionDeps {
  auth: Pick<Auth, 'api'>;
  db: Database;
}

/** The viewer of a request, or null. A session older than the absolute cap is ended here. */
export async function getViewer(deps: SessionDeps, headers: Headers, now = new Date()): Promise<Viewer | null> {
  const result = await deps.auth.api.getSession({ headers });
  if (!result) return null;
  const { session, user } = result;
  if (now.getTime() - new Date(session.createdAt).getTime() > SESSION_ABSOLUTE_DAYS * 24 * 60 * 60 * 1000) {
    await deps.db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  const role = (user as { role?: string }).role === 'admin' ? 'admin' : 'user';
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    username: String((user as { username?: string }).username ?? ''),
    role,
    isAdmin: role === 'admin',
    sessionId: session.id,
  };
}

export type AdminCheck = { allowed: true; viewer: Viewer } | { allowed: false; reason: 'anonymous' | 'forbidden'; viewer: Viewer | null };

/**
 * The one authorisation rule of the admin area (pages, actions, downloads): a session, and the
 * admin role as stored in the database. Nothing the browser says about itself counts.
 */
export async function checkAdmin(deps: SessionDeps, headers: Headers): Promise<AdminCheck> {
  const viewer = await getViewer(deps, headers);
  if (!viewer) return { allowed: false, reason: 'anonymous', viewer: null };
  if (!viewer.isAdmin) return { allowed: false, reason: 'forbidden', viewer };
  return { allowed: true, viewer };
}

/** Keeps the header's hint cookie (src/lib/auth-hint.ts) in step with the session. */
export function authHintCookie(viewer: Viewer | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
  return viewer
    ? `${AUTH_HINT_COOKIE}=${viewer.isAdmin ? 'admin' : 'user'}; Max-Age=${SESSION_ABSOLUTE_DAYS * 24 * 60 * 60}; ${attributes}`
    : `${AUTH_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}
