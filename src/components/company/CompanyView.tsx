import { Briefcase, Eye, MapPin, Target } from 'lucide-react';
import { BenefitsList } from '@/components/content/BenefitsList';
import { CtaBand } from '@/components/content/CtaBand';
import { FeatureGrid } from '@/components/content/FeatureGrid';
import { PageHero } from '@/components/content/PageHero';
import { Section } from '@/components/content/Section';
import { LinkButton } from '@/components/ui/link-button';
import type { CompanyPage } from '@/content/types';
import type { PictureData } from '@/lib/picture';
import { officeLabel, siteConfig } from '@/lib/site-config';

export function CompanyView({ page, image }: { page: CompanyPage; image: PictureData }) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} lead={page.lead} image={image} />
      <Section heading={page.whoWeAre.heading}>
        <div className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
          <div className="space-y-5 text-lg leading-relaxed text-muted-foreground">
            {page.whoWeAre.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </div>
          <div className="grid gap-4 self-start">
            {[
              { icon: Eye, block: page.vision },
              { icon: Target, block: page.mission },
            ].map(({ icon: Icon, block }) => (
              <article key={block.heading} className="rounded-xl border border-border bg-surface p-6">
                <h3 className="flex items-center gap-2 text-xl font-semibold">
                  <Icon aria-hidden="true" className="size-5 text-accent" />
                  {block.heading}
                </h3>
                <p className="mt-2 leading-relaxed text-muted-foreground">{block.text}</p>
              </article>
            ))}
          </div>
        </div>
      </Section>
      <Section heading={page.whatWeDo.heading} intro={page.whatWeDo.intro} tone="tinted">
        <FeatureGrid cards={page.whatWeDo.offerings} columns={4} />
      </Section>
      <Section heading={page.whyChoose.heading} intro={page.whyChoose.intro}>
        <BenefitsList items={page.whyChoose.reasons} />
      </Section>
      <Section heading={page.locations.heading} intro={page.locations.intro} tone="tinted">
        <ul className="grid gap-6 md:grid-cols-2">
          {siteConfig.offices.map((office) => (
            <li key={office.id} className="rounded-xl border border-border bg-card p-6 shadow-card">
              <h3 className="flex items-center gap-2 text-xl font-semibold">
                <MapPin aria-hidden="true" className="size-5 text-primary" />
                {officeLabel(office)}
              </h3>
              <p className="mt-1 font-medium text-accent">{office.focus}</p>
              <address className="mt-3 leading-relaxed text-muted-foreground not-italic">
                {office.streetAddress}
                <br />
                {office.city}, {office.region} {office.postalCode}
                <br />
                {office.phone.display}
              </address>
            </li>
          ))}
        </ul>
      </Section>
      <CtaBand heading={page.closing.heading} text={page.closing.text} action={{ href: '/contact', label: 'Contact Us Today' }}>
        <LinkButton href="/careers" variant="inverse-outline" size="lg">
          <Briefcase aria-hidden="true" />
          Join Our Team
        </LinkButton>
      </CtaBand>
    </>
  );
}
