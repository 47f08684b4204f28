/**
 * The site's link groups, shared by the header, the mobile menu and the footer. The groups and
 * their links are the spec's (section 2, "Navigation and footer"), in the spec's order.
 */

export interface NavLink {
  href: string;
  label: string;
  /** One line shown under the label in the desktop menu. */
  description: string;
}

export interface NavGroup {
  id: 'solutions' | 'services' | 'resources' | 'company';
  label: string;
  links: readonly NavLink[];
}

export const navGroups: readonly NavGroup[] = [
  {
    id: 'solutions',
    label: 'Solutions',
    links: [
      { href: '/solutions/aws', label: 'Cloud Solutions', description: 'Migration, automation, security and cost control on AWS.' },
      { href: '/solutions/cloud-migration', label: 'Cloud Migration', description: 'Move workloads to the cloud with a tested plan.' },
      { href: '/solutions/devops', label: 'DevOps', description: 'CI/CD, infrastructure as code and containers.' },
      { href: '/solutions/ai-ml', label: 'AI & Machine Learning', description: 'Models and automation that pay for themselves.' },
      { href: '/solutions/software-engineering', label: 'Software Engineering', description: 'Custom applications built to last.' },
      { href: '/solutions/data-engineering', label: 'Data Engineering', description: 'Pipelines, analytics and big data platforms.' },
      { href: '/solutions/blockchain', label: 'Blockchain', description: 'Smart contracts, DeFi and Web3 integrations.' },
      { href: '/solutions/ai-trends', label: 'AI Trends', description: 'Research, prediction and neural networks.' },
    ],
  },
  {
    id: 'services',
    label: 'Services',
    links: [
      { href: '/services/cloud-intelligence', label: 'Cloud Intelligence', description: 'Optimize and observe your cloud estate.' },
      { href: '/services/cyber-security', label: 'Cyber Security', description: 'Threat detection, access control, encryption.' },
      { href: '/services/devsecops', label: 'DevSecOps', description: 'Security built into every pipeline.' },
      { href: '/services/identity-management', label: 'Identity Management', description: 'MFA, single sign-on and access control.' },
      { href: '/services/threat-intelligence', label: 'Threat Intelligence', description: 'Hunting, risk assessment and reports.' },
    ],
  },
  {
    id: 'resources',
    label: 'Resources',
    links: [
      { href: '/docs', label: 'Documentation', description: 'Guides to our cloud, security, DevOps and AI work.' },
      { href: '/blog', label: 'Blog', description: 'Articles from our engineers.' },
    ],
  },
  {
    id: 'company',
    label: 'Company',
    links: [
      { href: '/about', label: 'About Us', description: 'Our story, expertise and values.' },
      { href: '/company', label: 'Company', description: 'Vision, mission and locations.' },
      { href: '/careers', label: 'Careers', description: 'Open positions on our team.' },
      { href: '/contact', label: 'Contact', description: 'Talk to an engineer about your project.' },
    ],
  },
];

/** The top-level link beside the groups. */
export const contactLink = { href: '/contact', label: 'Contact' } as const;

/** The footer's last row: what a visitor has a right to read. */
export const legalLinks = [
  { href: '/privacy', label: 'Privacy notice' },
  { href: '/accessibility', label: 'Accessibility' },
] as const;

/** True when `href` is the page at `pathname` or a page below it (for aria-current). */
export function isCurrentPath(href: string, pathname: string): boolean {
  const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);
  const target = normalise(href);
  const current = normalise(pathname);
  return current === target || (target !== '/' && current.startsWith(`${target}/`));
}

/** The `aria-current` value for a link to `href` on the page at `pathname`. */
export function ariaCurrent(href: string, pathname: string): 'page' | undefined {
  return isCurrentPath(href, pathname) ? 'page' : undefined;
}
