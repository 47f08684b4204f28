import { describe, expect, it } from 'vitest';
import { contactPageJsonLd, jobPostingJsonLd, jsonLdString, type JobPostingInput } from './structured-data';

const site = new URL('https://www.helixpoint.test');
const base: JobPostingInput = {
  id: '0b7c5b7e-8d0a-4c39-9a47-3c1b1a2f4e10',
  title: 'Senior Cloud Engineer (AWS)',
  description: 'Design <landing zones> & migrations.',
  requirements: ['5+ years of AWS'],
  responsibilities: ['Lead migrations'],
  location: 'Austin, TX',
  type: 'Full-time',
  createdAt: new Date('2026-11-01T10:00:00Z'),
  closesAt: null,
  salaryMin: 150000,
  salaryMax: 185000,
  salaryCurrency: 'USD',
};

describe('JobPosting structured data', () => {
  it('carries the fields Google for Jobs reads, for an on-site role', () => {
    const data = jobPostingJsonLd(base, site);
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      title: 'Senior Cloud Engineer (AWS)',
      datePosted: '2026-11-01T10:00:00.000Z',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Helixpoint', sameAs: 'https://www.helixpoint.test/' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Austin', addressRegion: 'TX', addressCountry: 'US' } },
      baseSalary: { currency: 'USD', value: { minValue: 150000, maxValue: 185000, unitText: 'YEAR' } },
      directApply: true,
      identifier: { value: base.id },
      url: `https://www.helixpoint.test/careers/apply/${base.id}`,
    });
    expect(data).not.toHaveProperty('validThrough');
    expect(data).not.toHaveProperty('jobLocationType');
    expect(data.description).toBe(
      '<p>Design &#60;landing zones&#62; &#38; migrations.</p><h3>Requirements</h3><ul><li>5+ years of AWS</li></ul><h3>Responsibilities</h3><ul><li>Lead migrations</li></ul>',
    );
  });

  it('marks remote roles as telecommute and includes a closing date when set', () => {
    const data = jobPostingJsonLd(
      { ...base, location: 'Remote', type: 'Contract', closesAt: new Date('2026-12-31T23:59:59Z'), salaryMin: null, salaryMax: null },
      site,
    );
    expect(data).toMatchObject({
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country' },
      employmentType: 'CONTRACTOR',
      validThrough: '2026-12-31T23:59:59.000Z',
    });
    expect(data).not.toHaveProperty('jobLocation');
    expect(data).not.toHaveProperty('baseSalary');
  });

  it('cannot close its script element early', () => {
    expect(jsonLdString(jobPostingJsonLd({ ...base, title: '</script><script>alert(1)</script>' }, site))).not.toContain('</script>');
  });
});

describe('contactPageJsonLd', () => {
  it('describes the company, its contact point with business hours, and both offices', () => {
    const data = contactPageJsonLd(new URL('https://www.helixpoint.test')) as {
      mainEntity: {
        '@type': string;
        '@context'?: string;
        contactPoint: unknown;
        location: { telephone: string; address: { addressLocality: string } }[];
      };
    };
    expect(data).toMatchObject({ '@context': 'https://schema.org', '@type': 'ContactPage', url: 'https://www.helixpoint.test/contact' });
    expect(data.mainEntity['@type']).toBe('Organization');
    expect(data.mainEntity['@context']).toBeUndefined();
    expect(data.mainEntity.contactPoint).toMatchObject({
      telephone: '+15125550142',
      email: 'hello@helixpoint.example',
      hoursAvailable: { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
    });
    expect(data.mainEntity.location.map((place) => [place.address.addressLocality, place.telephone])).toEqual([
      ['Austin', '+15125550142'],
      ['Dallas', '+12145550187'],
    ]);
  });
});
