import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { countOf, formatDateTime } from '@/lib/format';
import { DetailCard } from './DetailCard';

export interface PersonSummary {
  email: string;
  applications: ReadonlyArray<{ id: string; positionId: string; positionTitle: string; createdAt: Date; status: string; onHold: boolean }>;
  messages: ReadonlyArray<{ id: string; createdAt: Date; reason: string }>;
  account: { name: string; role: string; createdAt: Date } | null;
  files: number;
  auditEntries: number;
}

/** Requests from a person: find what is held about an address, export it, erase it. */
export function PrivacyRequestView({ email, found, erase }: { email: string; found: PersonSummary | null; erase?: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
      <form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end" role="search" aria-label="Find a person's data">
        <div className="flex flex-1 flex-col gap-1.5">
          <label htmlFor="privacy-email" className="text-sm font-medium">
            E-mail address of the person
          </label>
          <Input id="privacy-email" name="email" type="email" defaultValue={email} required autoComplete="off" maxLength={254} />
        </div>
        <Button type="submit">Find their data</Button>
      </form>
      <p className="text-sm text-muted-foreground">
        The address is matched exactly. Check who is asking before you export or erase: a request by e-mail should come from this address.
      </p>
      {found && (
        <>
          <DetailCard id="found-heading" title={`Held about ${found.email}`}>
            <ul className="mt-4 flex flex-col gap-3 text-sm">
              <li>
                <span className="font-medium">{countOf(found.applications.length, 'application')}</span>
                {found.applications.length > 0 && (
                  <ul className="mt-1 flex flex-col gap-1 pl-4">
                    {found.applications.map((application) => (
                      <li key={application.id}>
                        <a
                          className="text-primary underline underline-offset-4"
                          href={`/admin/applications/${application.positionId}/${application.id}`}
                        >
                          {application.positionTitle}
                        </a>{' '}
                        <span className="text-muted-foreground">
                          · {application.status} · {formatDateTime(application.createdAt)}
                          {application.onHold && ' · on legal hold'}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
              <li>
                <span className="font-medium">{countOf(found.messages.length, 'message')}</span>
                {found.messages.length > 0 && (
                  <ul className="mt-1 flex flex-col gap-1 pl-4">
                    {found.messages.map((message) => (
                      <li key={message.id}>
                        <a className="text-primary underline underline-offset-4" href={`/admin/messages/${message.id}`}>
                          {formatDateTime(message.createdAt)}
                        </a>{' '}
                        <span className="text-muted-foreground">· {message.reason}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
              <li>
                <span className="font-medium">Account:</span>{' '}
                {found.account ? `${found.account.name} (${found.account.role}) since ${formatDateTime(found.account.createdAt)}` : 'none'}
              </li>
              <li>
                <span className="font-medium">{countOf(found.files, 'file')}</span> (resumes, attachments) and{' '}
                <span className="font-medium">{countOf(found.auditEntries, 'audit entry', 'audit entries')}</span> naming them
              </li>
            </ul>
          </DetailCard>
          <div className="flex flex-wrap items-center gap-3">
            <LinkButton href={`/api/admin/privacy/export?email=${encodeURIComponent(found.email)}`} variant="outline" size="sm" download>
              <Download aria-hidden="true" />
              Export as ZIP
            </LinkButton>
            {erase}
          </div>
        </>
      )}
    </div>
  );
}
