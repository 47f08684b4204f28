import type { DetailPage } from '@/content/types';
import type { PictureData } from '@/lib/picture';
import { BenefitsList } from './BenefitsList';
import { CtaBand } from './CtaBand';
import { FeatureGrid } from './FeatureGrid';
import { PageHero } from './PageHero';
import { ProcessSteps } from './ProcessSteps';
import { Section } from './Section';

/** A solution, AWS sub-page or service page: hero, features, benefits, steps, call to action. */
export function DetailPageView({ page, image }: { page: DetailPage; image: PictureData }) {
  return (
    <>
      <PageHero
        eyebrow={page.eyebrow}
        title={page.title}
        lead={page.lead}
        image={image}
        backLink={page.backToHome ? { href: '/', label: 'Back to Home' } : undefined}
      />
      <Section heading={page.features.heading} intro={page.features.intro}>
        <FeatureGrid cards={page.features.cards} />
      </Section>
      {page.benefits && (
        <Section heading={page.benefits.heading} intro={page.benefits.intro} tone="tinted">
          <BenefitsList items={page.benefits.items} />
        </Section>
      )}
      {page.steps && (
        <Section heading={page.steps.heading} intro={page.steps.intro}>
          <ProcessSteps items={page.steps.items} />
        </Section>
      )}
      <CtaBand heading={page.cta.heading} text={page.cta.text} action={{ href: page.cta.href, label: page.cta.label }} />
    </>
  );
}
