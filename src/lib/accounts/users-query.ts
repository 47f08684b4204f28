import { listHref, parsePage } from '../list-query.ts';
import { searchTerm } from '../text.ts';

/** The admin users list's address: ?q= searches name, e-mail or username; ?page=N pages (50 each). */
export interface UsersListQuery {
  q: string;
  page: number;
}

export function parseUsersQuery(params: URLSearchParams): UsersListQuery {
  return { q: searchTerm(params, 'q', 100), page: parsePage(params) };
}

export function usersHref({ q, page }: UsersListQuery): string {
  return `${listHref('/admin', { q: q || undefined, page })}#users`;
}
