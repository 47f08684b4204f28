import { applicationStatuses, type ApplicationStatus } from './admin-schema.ts';
import { listHref, parsePage } from './list-query.ts';

/** A position's applications: ?status= one step of the pipeline (all when absent), ?page=N. */
export interface ApplicationsQuery {
  status: ApplicationStatus | null;
  page: number;
}

export function parseApplicationsQuery(params: URLSearchParams): ApplicationsQuery {
  const status = params.get('status');
  return {
    status: (applicationStatuses as readonly string[]).includes(status ?? '') ? (status as ApplicationStatus) : null,
    page: parsePage(params),
  };
}

export function applicationsHref(positionId: string, { status, page }: ApplicationsQuery): string {
  return listHref(`/admin/applications/${positionId}`, { status: status ?? undefined, page });
}
