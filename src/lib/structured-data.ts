import { siteConfig } from './site-config';

type JsonLd = Record<string, unknown>;

/** JSON for a <script type="application/ld+json">, safe against "</script>" inside strings. */
export function jsonLdString(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

export function organizationJsonLd(site: URL | undefined): JsonLd {
  const url = new URL('/', site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: siteConfig.name,
    legalName: siteConfig.legalName,
    url,
    logo: new URL('/favicon.svg', url).href,
    description: siteConfig.description,
    foundingDate: String(siteConfig.foundingYear),
    email: siteConfig.email,
    telephone: siteConfig.phone.tel,
    sameAs: siteConfig.social.map((link) => link.href),
    address: siteConfig.offices.map(postalAddress),
  };
}

function postalAddress(office: (typeof siteConfig.offices)[number]): JsonLd {
  return {
    '@type': 'PostalAddress',
    streetAddress: office.streetAddress,
    addressLocality: office.city,
    addressRegion: office.region,
    postalCode: office.postalCode,
    addressCountry: 'US',
  };
}

/**
 * The contact page: the company with its contact point (phone, e-mail, business hours, which are
 * Central time: Texas) and each office as a place with its own address and phone.
 */
export function contactPageJsonLd(site: URL | undefined): JsonLd {
  const { '@context': context, ...organization } = organizationJsonLd(site);
  return {
    '@context': context,
    '@type': 'ContactPage',
    url: new URL('/contact', site).href,
    name: `Contact ${siteConfig.name}`,
    mainEntity: {
      ...organization,
      contactPoint: {
        '@type': 'ContactPoint',
        contactType: 'customer service',
        telephone: siteConfig.phone.tel,
        email: siteConfig.email,
        areaServed: 'US',
        availableLanguage: 'English',
        hoursAvailable: {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '18:00',
        },
      },
      location: siteConfig.offices.map((office) => ({
        '@type': 'Place',
        name: `${siteConfig.name} ${office.city}`,
        telephone: office.phone.tel,
        address: postalAddress(office),
      })),
    },
  };
}

export interface BlogPostingInput {
  title: string;
  excerpt: string;
  author: string;
  isoDate: Date;
  /** When the published version was last changed (issue 34: posts are edited after they are published). */
  modified?: Date;
  tags: readonly string[];
  category: string;
  path: string;
  /** The social image; none: the company's card. */
  imageUrl?: string;
}

export function blogPostingJsonLd(post: BlogPostingInput, site: URL | undefined): JsonLd {
  const url = new URL(post.path, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.isoDate.toISOString().slice(0, 10),
    ...(post.modified ? { dateModified: post.modified.toISOString() } : {}),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: siteConfig.name, logo: { '@type': 'ImageObject', url: new URL('/favicon.svg', url).href } },
    mainEntityOfPage: url,
    url,
    image: new URL(post.imageUrl ?? '/og/social-card.png', url).href,
    articleSection: post.category,
    keywords: post.tags.join(', '),
  };
}

export interface JobPostingInput {
  id: string;
  title: string;
  description: string;
  requirements: readonly string[];
  responsibilities: readonly string[];
  location: string;
  type: string;
  createdAt: Date;
  closesAt: Date | null;
  salaryMin: number | null;
  salaryMax: number | null;
  salaryCurrency: string;
}

const employmentTypes: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Contract: 'CONTRACTOR',
  Internship: 'INTERN',
  // "Remote" is where the work happens; such roles are full-time unless stated otherwise.
  Remote: 'FULL_TIME',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Remote roles (by type or by a location such as "Remote" or "Remote (US)") are telecommute jobs. */
export function isRemotePosition(position: Pick<JobPostingInput, 'location' | 'type'>): boolean {
  return position.type === 'Remote' || /\bremote\b/i.test(position.location);
}

/**
 * A position's text as the HTML that job search reads: its description, then its requirements and
 * responsibilities as lists. Google for Jobs (below) and the boards' XML feeds (issue 57) take the
 * same; `entities: false` for a reader that takes none.
 */
export function jobDescriptionHtml(
  position: Pick<JobPostingInput, 'description' | 'requirements' | 'responsibilities'>,
  { entities = true }: { entities?: boolean } = {},
): string {
  const text = entities ? escapeHtml : withoutEntities;
  const list = (heading: string, items: readonly string[]) =>
    items.length > 0 ? `<h3>${heading}</h3><ul>${items.map((item) => `<li>${text(item)}</li>`).join('')}</ul>` : '';
  return `<p>${text(position.description)}</p>${list('Requirements', position.requirements)}${list('Responsibilities', position.responsibilities)}`;
}

/**
 * Text for a reader that takes no HTML entities (Indeed's feed): ampersands and quotes as they are,
 * and the angle brackets that could open a tag as their single-quote look-alikes.
 */
const withoutEntities = (value: string) => value.replace(/</g, '‹').replace(/>/g, '›');

/** The city and region of a location written "City, ST" (a remote position's are none). */
export function locationParts(location: string): { city: string; region: string | null } {
  const [city, region] = location.split(',').map((part) => part.trim());
  return { city: city ?? '', region: region || null };
}

/** schema.org JobPosting with the fields Google's job search reads (Google for Jobs). */
export function jobPostingJsonLd(position: JobPostingInput, site: URL | undefined): JsonLd {
  const url = new URL(`/careers/apply/${position.id}`, site).href;
  const { city, region } = locationParts(position.location);
  const salary =
    position.salaryMin !== null || position.salaryMax !== null
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: position.salaryCurrency,
            value: {
              '@type': 'QuantitativeValue',
              ...(position.salaryMin !== null ? { minValue: position.salaryMin } : {}),
              ...(position.salaryMax !== null ? { maxValue: position.salaryMax } : {}),
              unitText: 'YEAR',
            },
          },
        }
      : {};
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: position.title,
    description: jobDescriptionHtml(position),
    identifier: { '@type': 'PropertyValue', name: siteConfig.name, value: position.id },
    datePosted: position.createdAt.toISOString(),
    ...(position.closesAt ? { validThrough: position.closesAt.toISOString() } : {}),
    employmentType: employmentTypes[position.type] ?? 'OTHER',
    hiringOrganization: {
      '@type': 'Organization',
      name: siteConfig.name,
      sameAs: new URL('/', site).href,
      logo: new URL('/favicon.svg', site).href,
    },
    ...(isRemotePosition(position)
      ? { jobLocationType: 'TELECOMMUTE', applicantLocationRequirements: { '@type': 'Country', name: 'US' } }
      : {
          jobLocation: {
            '@type': 'Place',
            address: {
              '@type': 'PostalAddress',
              addressLocality: city,
              ...(region ? { addressRegion: region } : {}),
              addressCountry: 'US',
            },
          },
        }),
    ...salary,
    directApply: true,
    url,
  };
}
