import { Rss } from 'lucide-react';
import { PageHero } from '@/components/content/PageHero';

export function careersLead(openCount: number): string {
  const positions = openCount === 1 ? '1 open position' : `${openCount} open positions`;
  return `${positions}. Build cloud, AI, DevOps and security solutions for clients who depend on them, with a team that values clear thinking and care for the work.`;
}

export function CareersHero({ openCount }: { openCount: number }) {
  return (
    <PageHero eyebrow="Careers" title="Join Our Team" lead={careersLead(openCount)}>
      {/* Next to the count, outside the job board's island: a plain link adds no JavaScript (issue 19). */}
      <a
        href="/careers/feed.xml"
        type="application/rss+xml"
        className="inline-flex items-center gap-2 self-start rounded text-sm font-semibold text-[#c3cee3] underline-offset-4 hover:text-white hover:underline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        <Rss aria-hidden="true" className="size-4" />
        RSS feed of new positions
      </a>
    </PageHero>
  );
}
