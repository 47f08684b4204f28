import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { LinkButton } from '@/components/ui/link-button';

export interface CtaBandProps {
  heading: string;
  text: string;
  /** The main button; more buttons can be passed as children. */
  action?: { href: string; label: string };
  children?: ReactNode;
}

export function CtaBand({ heading, text, action, children }: CtaBandProps) {
  return (
    <section className="bg-background px-4 py-16 sm:px-6 lg:px-8 [.bg-background+&]:pt-0">
      <div className="relative isolate mx-auto max-w-7xl overflow-hidden rounded-2xl bg-primary px-6 py-12 text-center text-white sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(40rem_20rem_at_100%_0%,rgb(14_124_134/0.55),transparent)]"
        />
        <h2 className="mx-auto max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">{heading}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-relaxed text-[#e6ecf7]">{text}</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          {action && (
            <LinkButton href={action.href} variant="inverse" size="lg">
              {action.label}
              <ArrowRight aria-hidden="true" />
            </LinkButton>
          )}
          {children}
        </div>
      </div>
    </section>
  );
}
