/**
 * Shapes of the page copy kept as typed data (solutions, services, company pages, home, docs).
 * Blog posts live in the database (src/server/posts; the spec's six are seeded from src/server/posts/seed-posts).
 */
import type { IconName } from './icons';

/** A card in a grid: icon, title, one or two sentences, optional bullets and link. */
export interface FeatureCard {
  icon: IconName;
  title: string;
  description: string;
  /** Up to three short bullet points. */
  bullets?: readonly string[];
  /** Makes the card a link (for example to an AWS sub-page); "Learn More" is shown. */
  href?: string;
}

export interface Benefit {
  title: string;
  description: string;
}

export interface ProcessStep {
  title: string;
  description: string;
}

export interface CallToAction {
  heading: string;
  text: string;
  /** The button label; the spec fixes it on several pages (e.g. "Start Your DevOps Journey"). */
  label: string;
  /** Always /contact in the spec. */
  href: '/contact';
}

/**
 * A solution, AWS sub-page or service page. Sections render in this order: hero, features,
 * benefits, steps, call to action. Leave a section out when the page does not have it.
 */
export interface DetailPage {
  /** Route, e.g. "/solutions/devops". */
  path: string;
  /** The page's h1, exactly as the spec names the page. */
  title: string;
  /** 140-160 characters: meta description and social preview. Unique per page. */
  description: string;
  /** Small badge above the h1, e.g. "DevOps Solutions". */
  eyebrow: string;
  /** One or two sentences under the h1. */
  lead: string;
  /** Show the spec's "Back to Home" link above the hero. */
  backToHome: boolean;
  features: { heading: string; intro?: string; cards: readonly FeatureCard[] };
  benefits?: { heading: string; intro?: string; items: readonly Benefit[] };
  steps?: { heading: string; intro?: string; items: readonly ProcessStep[] };
  cta: CallToAction;
}

export interface Stat {
  value: string;
  label: string;
}

/** /about */
export interface AboutPage {
  title: string;
  description: string;
  eyebrow: string;
  lead: string;
  story: { heading: string; paragraphs: readonly string[] };
  /** Exactly the spec's four: 15+ years, 500+ clients, 200+ team, 30+ countries. */
  stats: readonly Stat[];
  expertise: { heading: string; intro: string; cards: readonly FeatureCard[] };
  values: { heading: string; intro: string; cards: readonly FeatureCard[] };
  cta: CallToAction;
}

/** /company: the spec's sections, in order. Offices come from site-config. */
export interface CompanyPage {
  title: string;
  description: string;
  eyebrow: string;
  lead: string;
  whoWeAre: { heading: 'Who We Are'; paragraphs: readonly string[] };
  vision: { heading: 'Vision'; text: string };
  mission: { heading: 'Mission'; text: string };
  /** The company's four offerings (spec section 1). */
  whatWeDo: { heading: 'What We Do'; intro: string; offerings: readonly FeatureCard[] };
  /** The five reasons to choose the company (spec section 1). */
  whyChoose: { heading: string; intro: string; reasons: readonly Benefit[] };
  locations: { heading: 'Our Locations'; intro: string };
  closing: { heading: string; text: string };
}

/** A home-page service card: the spec's category plus three feature bullets; the card links. */
export interface HomeServiceCard {
  href: string;
  category: 'Security' | 'Cloud' | 'Development' | 'Intelligence';
  icon: IconName;
  title: string;
  description: string;
  bullets: readonly [string, string, string];
}

/** / (the hero's texts are fixed by the spec and live in HomeHero). */
export interface HomeHeroCopy {
  badge: string;
  title: string;
  lead: string;
  primaryAction: string;
  secondaryAction: string;
  /** The four tiles beside the title, in order (their icons and pages are the hero's, in code). */
  tiles: readonly { title: string; description: string }[];
}

export interface HomePage {
  description: string;
  hero: HomeHeroCopy;
  services: { heading: string; intro: string; cards: readonly HomeServiceCard[] };
  solutions: { heading: string; intro: string; cards: readonly (FeatureCard & { href: string })[] };
  ctaBand: { heading: string; text: string; action: string };
}

export interface DocsSection {
  heading: string;
  paragraphs: readonly string[];
  bullets?: readonly string[];
}

export interface DocsTopic {
  /** The in-page anchor, e.g. "cloud-solutions". */
  id: string;
  title: 'Cloud Solutions' | 'Security' | 'DevOps' | 'AI & ML';
  icon: IconName;
  summary: string;
  /** Extra words the search box should match (synonyms, tools). */
  keywords: readonly string[];
  sections: readonly DocsSection[];
}

/** /docs */
export interface DocsPage {
  title: string;
  description: string;
  eyebrow: string;
  lead: string;
  topics: readonly DocsTopic[];
}

/** /solutions: an index of every solution page. */
export interface SolutionsIndexPage {
  title: string;
  description: string;
  eyebrow: string;
  lead: string;
  cta: { heading: string; text: string; action: string };
}
