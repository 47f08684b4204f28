import { listHref, parsePage } from '../list-query.ts';
import { isApplicationStatus, type ApplicationStatus } from './status.ts';

/** A position's applications: ?status= one step of the pipeline (all when absent), ?page=N. */
export interface ApplicationsQuery {
  status: ApplicationStatus | null;
  page: number;
}

export function parseApplicationsQuery(params: URLSearchParams): ApplicationsQuery {
  const status = params.get('status');
  return {
    status: isApplicationStatus(status) ? status : null,
    page: parsePage(params),
  };
}

export function applicationsHref(positionId: string, { status, page }: ApplicationsQuery): string {
  return listHref(`/admin/applications/${positionId}`, { status: status ?? undefined, page });
}
