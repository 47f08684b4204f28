import { ArrowRight, BrainCircuit, Cloud, Code2, Sparkles } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';

import type { HomeHeroCopy } from '@/content/types';

/** The tiles' icons and pages, in the order of the copy's tiles (the words are the copy's: editable). */
const tileLinks: readonly { icon: LucideIcon; href: string }[] = [
  { icon: Cloud, href: '/solutions/cloud' },
  { icon: Code2, href: '/solutions/software-engineering' },
  { icon: BrainCircuit, href: '/solutions/ai-ml' },
  { icon: Sparkles, href: '/solutions' },
];

export function HomeHero({ hero }: { hero: HomeHeroCopy }) {
  return (
    <section className="relative isolate overflow-hidden bg-navy text-white">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_80%_-10%,rgb(24_73_198/0.55),transparent),radial-gradient(40rem_24rem_at_0%_110%,rgb(14_124_134/0.45),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:items-center lg:px-8 lg:py-28">
        <div>
          <Badge variant="inverse">{hero.badge}</Badge>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">{hero.title}</h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-[#c3cee3]">{hero.lead}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <LinkButton href="/contact" variant="inverse" size="lg">
              {hero.primaryAction}
              <ArrowRight aria-hidden="true" />
            </LinkButton>
            <LinkButton href="/solutions" variant="inverse-outline" size="lg">
              {hero.secondaryAction}
            </LinkButton>
          </div>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {/* Each tile is one link (its title; the whole tile is the target), to the page it names. */}
          {hero.tiles.map(({ title, description }, index) => {
            const { icon: Icon, href } = tileLinks[index] ?? tileLinks[tileLinks.length - 1]!;
            return (
              <li
                key={href + index}
                className="group relative rounded-xl border border-white/15 bg-white/5 p-5 backdrop-blur-sm transition-colors hover:border-white/35 hover:bg-white/10 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-white"
              >
                <Icon aria-hidden="true" className="size-7 text-[#7dd3e0]" />
                <h2 className="mt-4 text-base font-semibold">
                  <a href={href} className="inline-flex items-center gap-1.5 outline-none after:absolute after:inset-0 after:rounded-xl">
                    {title}
                    <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
                  </a>
                </h2>
                <p className="mt-1.5 text-sm leading-relaxed text-[#c3cee3]">{description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
