import { PageHero } from '@/components/content/PageHero';

export function careersLead(openCount: number): string {
  const positions = openCount === 1 ? '1 open position' : `${openCount} open positions`;
  return `${positions}. Build cloud, AI, DevOps and security solutions for clients who depend on them, with a team that values clear thinking and care for the work.`;
}

export function CareersHero({ openCount }: { openCount: number }) {
  return <PageHero eyebrow="Careers" title="Join Our Team" lead={careersLead(openCount)} />;
}
