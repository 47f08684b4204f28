import { CtaBand } from '@/components/content/CtaBand';
import { FeatureGrid } from '@/components/content/FeatureGrid';
import { PageHero } from '@/components/content/PageHero';
import { Section } from '@/components/content/Section';
import type { AboutPage } from '@/content/types';
import type { PictureData } from '@/lib/picture';

export function AboutView({ page, image }: { page: AboutPage; image: PictureData }) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} image={image} />
      <Section heading={page.story.heading}>
        <div className="grid gap-12 lg:grid-cols-[1.4fr_1fr]">
          <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
            {page.story.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
          <dl className="grid grid-cols-2 gap-4 self-start lg:sticky lg:top-24">
            {page.stats.map((stat) => (
              <div key={stat.label} className="flex flex-col rounded-xl border border-border bg-surface p-6 text-center">
                <dt className="text-sm font-medium text-muted-foreground">{stat.label}</dt>
                <dd className="order-first text-4xl font-extrabold tracking-tight text-primary">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Section>
      <Section heading={page.expertise.heading} intro={page.expertise.intro} tone="tinted">
        <FeatureGrid cards={page.expertise.cards} columns={3} />
      </Section>
      <Section heading={page.values.heading} intro={page.values.intro}>
        <FeatureGrid cards={page.values.cards} columns={4} />
      </Section>
      <CtaBand heading={page.cta.heading} text={page.cta.text} action={{ href: page.cta.href, label: page.cta.label }} />
    </>
  );
}
