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
    address: siteConfig.offices.map((office) => ({
      '@type': 'PostalAddress',
      streetAddress: office.streetAddress,
      addressLocality: office.city,
      addressRegion: office.region,
      postalCode: office.postalCode,
      addressCountry: 'US',
    })),
  };
}

export interface BlogPostingInput {
  title: string;
  excerpt: string;
  author: string;
  isoDate: Date;
  tags: readonly string[];
  category: string;
  path: string;
  imageUrl: string;
}

export function blogPostingJsonLd(post: BlogPostingInput, site: URL | undefined): JsonLd {
  const url = new URL(post.path, site).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt,
    datePublished: post.isoDate.toISOString().slice(0, 10),
    author: { '@type': 'Person', name: post.author },
    publisher: { '@type': 'Organization', name: siteConfig.name, logo: { '@type': 'ImageObject', url: new URL('/favicon.svg', url).href } },
    mainEntityOfPage: url,
    url,
    image: new URL(post.imageUrl, url).href,
    articleSection: post.category,
    keywords: post.tags.join(', '),
  };
}
