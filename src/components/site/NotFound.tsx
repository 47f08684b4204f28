import { ArrowLeft, Home } from 'lucide-react';
import { LinkButton } from '@/components/ui/link-button';
import { notFoundCopy } from '@/lib/not-found';
import type { ReactNode } from 'react';

export function NotFound({ pathname, goBack }: { pathname: string; goBack?: ReactNode }) {
  const copy = notFoundCopy(pathname);
  return (
    <section className="relative overflow-hidden bg-surface">
      <div className="mx-auto flex min-h-[60vh] max-w-3xl flex-col items-center justify-center px-4 py-20 text-center">
        <p className="rounded-full bg-primary-soft px-3 py-1 text-sm font-semibold text-primary">Error 404</p>
        <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">{copy.title}</h1>
        <p className="mt-4 max-w-xl text-lg leading-relaxed text-muted-foreground">{copy.message}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <LinkButton href={copy.back.href} size="lg">
            {copy.back.href === '/' ? <Home aria-hidden="true" /> : <ArrowLeft aria-hidden="true" />}
            {copy.back.label}
          </LinkButton>
          {goBack}
        </div>
      </div>
    </section>
  );
}
