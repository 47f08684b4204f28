import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { PictureData } from '@/lib/picture';
import { Picture } from './Picture';

export interface PageHeroProps {
  eyebrow: string;
  title: string;
  lead: string;
  image?: PictureData | undefined;
  /** The spec's "Back to Home" link on the three-card and service pages. */
  backLink?: { href: string; label: string } | undefined;
  children?: ReactNode;
}

export function PageHero({ eyebrow, title, lead, image, backLink, children }: PageHeroProps) {
  return (
    <section className="relative isolate overflow-hidden bg-navy text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_26rem_at_85%_-10%,rgb(24_73_198/0.5),transparent),radial-gradient(36rem_20rem_at_0%_110%,rgb(14_124_134/0.4),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.1fr_1fr] lg:items-center lg:px-8 lg:py-20">
        <div>
          {backLink && (
            <a
              href={backLink.href}
              className="mb-6 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-[#c3cee3] hover:text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              {backLink.label}
            </a>
          )}
          <div>
            <Badge variant="inverse">{eyebrow}</Badge>
          </div>
          <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-[#c3cee3]">{lead}</p>
          {children && <div className="mt-8 flex flex-col gap-3 sm:flex-row">{children}</div>}
        </div>
        {image && (
          <Picture
            image={image}
            alt=""
            priority
            sizes="(min-width: 1280px) 560px, (min-width: 1024px) 45vw, calc(100vw - 2rem)"
            className="aspect-[3/2] w-full rounded-2xl border border-white/15 object-cover shadow-popover"
          />
        )}
      </div>
    </section>
  );
}
