import { Home } from 'lucide-react';
import { LinkButton } from '@/components/ui/link-button';
import { serverErrorTexts } from '@/lib/server-errors';

export interface ServerErrorCopy {
  status: 500 | 503;
  title: string;
  message: string;
}

/** What a visitor reads when a page cannot be served: while the database restarts (503), or after a fault (500). */
export function serverErrorCopy(unavailable: boolean): ServerErrorCopy {
  return unavailable
    ? {
        status: 503,
        title: "We'll be right back",
        message: serverErrorTexts.unavailable,
      }
    : {
        status: 500,
        title: 'Something went wrong',
        message: serverErrorTexts.fault,
      };
}

/** `reference`: the request id of a fault, which the log keeps, for the visitor to quote. */
export function ServerError({ copy, reference }: { copy: ServerErrorCopy; reference?: string | undefined }) {
  return (
    <section className="relative overflow-hidden bg-surface">
      <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-20 text-center">
        <p className="rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary">Error {copy.status}</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{copy.title}</h1>
        <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">{copy.message}</p>
        {reference ? (
          <p className="mt-3 text-sm text-muted-foreground">
            Reference: <code className="font-mono">{reference}</code>
          </p>
        ) : null}
        <div className="mt-8">
          <LinkButton href="/" size="lg">
            <Home aria-hidden="true" />
            Return to Home
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
