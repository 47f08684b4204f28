/**
 * Everything that identifies the company on the site, in one place. The brand is fictional and
 * the contact data is reserved (`.example` domain, 555-01xx numbers): an adopter edits this file
 * and every page, e-mail and structured-data block follows.
 */

/** A phone number as shown, and as dialled (E.164, for tel: links and structured data). */
export interface PhoneNumber {
  display: string;
  tel: string;
}

export interface Office {
  /** Stable key, used in URLs and for the offices toggle on /contact. */
  id: 'austin' | 'dallas';
  city: string;
  region: string;
  /** What the office focuses on, as the spec words it. */
  focus: string;
  streetAddress: string;
  postalCode: string;
  phone: PhoneNumber;
}

export interface SocialLink {
  network: 'linkedin' | 'github' | 'x' | 'youtube';
  /** Accessible name of the icon link. */
  label: string;
  href: string;
}

export interface SiteConfig {
  name: string;
  legalName: string;
  tagline: string;
  description: string;
  foundingYear: number;
  phone: PhoneNumber;
  email: string;
  careersEmail: string;
  businessHours: string;
  offices: readonly Office[];
  social: readonly SocialLink[];
}

export const siteConfig = {
  name: 'Helixpoint',
  legalName: 'Helixpoint Technologies, LLC',
  tagline: 'Cloud, AI and security engineering for teams that ship.',
  description:
    'Helixpoint is a Texas technology services company building cloud platforms, custom software, AI and machine learning systems, DevOps pipelines and security programs for growing businesses.',
  foundingYear: 2024,
  phone: { display: '(512) 555-0142', tel: '+15125550142' },
  email: 'hello@helixpoint.example',
  careersEmail: 'careers@helixpoint.example',
  businessHours: 'Mon-Fri 9:00 AM-6:00 PM CST',
  offices: [
    {
      id: 'austin',
      city: 'Austin',
      region: 'TX',
      focus: 'Tech innovation hub',
      streetAddress: '600 Congress Avenue, Suite 1400',
      postalCode: '78701',
      phone: { display: '(512) 555-0142', tel: '+15125550142' },
    },
    {
      id: 'dallas',
      city: 'Dallas',
      region: 'TX',
      focus: 'Business and enterprise solutions',
      streetAddress: '2100 Ross Avenue, Suite 900',
      postalCode: '75201',
      phone: { display: '(214) 555-0187', tel: '+12145550187' },
    },
  ],
  social: [
    { network: 'linkedin', label: 'Helixpoint on LinkedIn', href: 'https://www.linkedin.com/company/helixpoint-example' },
    { network: 'github', label: 'Helixpoint on GitHub', href: 'https://github.com/helixpoint-example' },
    { network: 'x', label: 'Helixpoint on X', href: 'https://x.com/helixpoint_example' },
    { network: 'youtube', label: 'Helixpoint on YouTube', href: 'https://www.youtube.com/@helixpoint-example' },
  ],
} as const satisfies SiteConfig;

/** "Austin, TX" */
export function officeLabel(office: Pick<Office, 'city' | 'region'>): string {
  return `${office.city}, ${office.region}`;
}
