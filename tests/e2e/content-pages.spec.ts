import { expect, test } from '@playwright/test';
import { servicePages } from '../../src/content/services';
import { solutionPages } from '../../src/content/solutions';
import { expectNoA11yViolations } from './helpers';

/**
 * The spec's key texts per route (section 2), written out here rather than read from the content
 * files, so a content edit that drops one fails this test.
 */
const specTexts: Record<string, { h1: string; texts: string[]; links?: Record<string, string> }> = {
  '/': {
    h1: 'Transform Your Business with Intelligent Solutions',
    texts: [
      'Leading Technology Solutions Provider',
      'Cloud Solutions',
      'Custom Software',
      'AI Integration',
      'Digital Innovation',
      'Our Services',
      'Ready to Secure Your Digital Assets?',
    ],
    links: { 'Get Started': '/contact', 'Explore Solutions': '/solutions' },
  },
  '/about': { h1: 'About Us', texts: ['15+', '500+', '200+', '30+'] },
  '/company': {
    h1: 'Company',
    texts: ['Who We Are', 'Vision', 'Mission', 'What We Do', 'Our Locations', 'Austin, TX', 'Dallas, TX'],
    links: { 'Contact Us Today': '/contact', 'Join Our Team': '/careers' },
  },
  '/docs': {
    h1: 'Documentation',
    texts: ['Cloud Solutions', 'Security', 'DevOps', 'AI & ML'],
    links: { 'Contact Support': '/contact' },
  },
  '/blog': { h1: 'Blog', texts: ['Future of Cloud Computing in Enterprise', 'Data Security in the Cloud Era'] },
  '/solutions': { h1: 'Solutions', texts: ['Cloud Solutions', 'DevOps Solutions'] },
  '/solutions/aws': {
    h1: 'Cloud Solutions',
    texts: ['Cloud Migration', 'DevOps Automation', 'Cloud Security', 'Cost Optimization'],
    links: {
      'Cloud Migration': '/solutions/aws/migration',
      'DevOps Automation': '/solutions/aws/devops',
      'Cloud Security': '/solutions/aws/security',
      'Cost Optimization': '/solutions/aws/cost-optimization',
    },
  },
  '/solutions/aws/migration': { h1: 'AWS Cloud Migration', texts: [] },
  '/solutions/aws/devops': { h1: 'AWS DevOps Automation', texts: [] },
  '/solutions/aws/security': { h1: 'AWS Cloud Security', texts: [] },
  '/solutions/aws/cost-optimization': { h1: 'AWS Cost Optimization', texts: [] },
  '/solutions/cloud': { h1: 'Cloud Services', texts: ['Cloud Infrastructure', 'Cloud Security', 'Cloud Storage', 'Cloud Management'] },
  '/solutions/cloud-migration': {
    h1: 'Cloud Migration',
    texts: [
      'Cloud Assessment',
      'Migration Planning',
      'Data Migration',
      'Security Implementation',
      'Assessment',
      'Planning',
      'Execution',
      'Optimization',
    ],
    links: { 'Start Your Migration Journey': '/contact' },
  },
  '/solutions/devops': {
    h1: 'DevOps Solutions',
    texts: [
      'CI/CD Implementation',
      'Infrastructure as Code',
      'Container Orchestration',
      'DevSecOps',
      'Assessment',
      'Strategy',
      'Implementation',
      'Optimization',
    ],
    links: { 'Start Your DevOps Journey': '/contact' },
  },
  '/solutions/ai-ml': {
    h1: 'AI & Machine Learning Solutions',
    texts: [
      'Machine Learning',
      'AI Automation',
      'Big Data Analytics',
      'Predictive Analytics',
      'Assessment',
      'Strategy',
      'Development',
      'Deployment',
    ],
    links: { 'Start Your AI Journey': '/contact' },
  },
  '/solutions/software-engineering': {
    h1: 'Software Engineering',
    texts: ['Custom Development', 'Version Control', 'CI/CD'],
    links: { 'Back to Home': '/' },
  },
  '/solutions/data-engineering': {
    h1: 'Data Engineering',
    texts: ['Data Pipeline', 'Analytics', 'Big Data'],
    links: { 'Back to Home': '/' },
  },
  '/solutions/blockchain': {
    h1: 'Blockchain Solutions',
    texts: ['Smart Contracts', 'DeFi Solutions', 'Web3'],
    links: { 'Back to Home': '/' },
  },
  '/solutions/ai-trends': {
    h1: 'AI Trends',
    texts: ['AI Research', 'Predictive Analytics', 'Neural Networks'],
    links: { 'Back to Home': '/' },
  },
  '/services/cyber-security': {
    h1: 'Cyber Security',
    texts: ['Threat Detection', 'Access Control', 'Encryption', 'Identity Protection'],
    links: { 'Secure Your Business': '/contact', 'Back to Home': '/' },
  },
  '/services/cloud-intelligence': {
    h1: 'Cloud Intelligence',
    texts: ['Intelligent Optimization', 'Data Processing', 'Infrastructure Management', 'Network Intelligence'],
    links: { 'Get Started': '/contact', 'Back to Home': '/' },
  },
  '/services/devsecops': {
    h1: 'DevSecOps',
    texts: ['Automated Pipelines', 'Security Scanning', 'Infrastructure as Code', 'Compliance Automation'],
    links: { 'Implement DevSecOps': '/contact', 'Back to Home': '/' },
  },
  '/services/identity-management': {
    h1: 'Identity Management',
    texts: ['Multi-Factor Authentication', 'Biometric Authentication', 'Single Sign-On', 'Access Control'],
    links: { 'Enhance Your Security': '/contact', 'Back to Home': '/' },
  },
  '/services/data-protection': {
    h1: 'Data Protection',
    texts: ['Key Features', 'Data Encryption', 'Access Control', 'Compliance', 'Why Choose Us'],
    links: { 'Get Started with Data Protection': '/contact', 'Back to Home': '/' },
  },
  '/services/threat-intelligence': {
    h1: 'Threat Intelligence',
    texts: [
      'Key Features',
      'Threat Hunting',
      'Risk Assessment',
      'Intelligence Reports',
      'Why Choose Us',
      'Advanced Analytics',
      'Real-time Monitoring',
      'Expert Analysis',
    ],
    links: { 'Get Started with Threat Intelligence': '/contact', 'Back to Home': '/' },
  },
};

test('every solution and service page of the content has its spec texts listed here', () => {
  for (const page of [...solutionPages, ...servicePages]) expect(Object.keys(specTexts)).toContain(page.path);
});

for (const [path, expected] of Object.entries(specTexts)) {
  test(`${path}: status, heading, spec texts, no axe violations`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(expected.h1);
    for (const text of expected.texts) {
      // Step headings start with "Step N: " for screen readers.
      const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(main.getByText(new RegExp(`^(Step \\d+: )?${escaped}$`)).first()).toBeVisible();
    }
    for (const [name, href] of Object.entries(expected.links ?? {})) {
      await expect(main.getByRole('link', { name, exact: true }).first()).toHaveAttribute('href', href);
    }
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path === '/' ? '/' : path}$`));
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https?:\/\/[^?]+\.png$/);
    await expectNoA11yViolations(page);
  });
}

test('solution cards enter 0.1 s apart, and not at all with reduced motion', async ({ page, browser }) => {
  await page.goto('/solutions/devops');
  const delays = await page.locator('.card-enter').evaluateAll((cards) => cards.map((card) => getComputedStyle(card).animationDelay));
  expect(delays).toEqual(['0s', '0.1s', '0.2s', '0.3s']);

  const reduced = await browser.newPage({ reducedMotion: 'reduce' });
  await reduced.goto(`${test.info().project.use.baseURL}/solutions/devops`);
  const names = await reduced.locator('.card-enter').evaluateAll((cards) => cards.map((card) => getComputedStyle(card).animationName));
  expect(new Set(names)).toEqual(new Set(['none']));
  await reduced.close();
});

test('the home page service cards link to their service pages with their categories', async ({ page }) => {
  await page.goto('/');
  const services = page.getByRole('region', { name: 'Our Services' });
  const expected: [string, string, string][] = [
    ['Cyber Security', '/services/cyber-security', 'Security'],
    ['Cloud Intelligence', '/services/cloud-intelligence', 'Cloud'],
    ['DevSecOps', '/services/devsecops', 'Development'],
    ['Data Protection', '/services/data-protection', 'Security'],
    ['Identity Management', '/services/identity-management', 'Security'],
    ['Threat Intelligence', '/services/threat-intelligence', 'Intelligence'],
  ];
  const cards = services.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(6);
  for (const [index, [title, href, category]] of expected.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', href);
    await expect(card.getByText(category, { exact: true })).toBeVisible();
    await expect(card.getByRole('listitem')).toHaveCount(3);
  }
  await cards.nth(2).click({ position: { x: 20, y: 200 } });
  await expect(page).toHaveURL(/\/services\/devsecops$/);

  await page.goto('/');
  const solutions = page.getByRole('region', { name: 'Solutions' });
  for (const href of ['/solutions/cloud', '/solutions/ai-ml', '/solutions/devops']) {
    await expect(solutions.locator(`a[href="${href}"]`)).toHaveCount(1);
  }
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(1);
  const orgJson = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(orgJson).toMatchObject({ '@type': 'Organization', name: 'Helixpoint', foundingDate: '2024' });
});

test('the home hero tiles lead to the pages they name', async ({ page }) => {
  await page.goto('/');
  const expected: [string, string][] = [
    ['Cloud Solutions', '/solutions/cloud'],
    ['Custom Software', '/solutions/software-engineering'],
    ['AI Integration', '/solutions/ai-ml'],
    ['Digital Innovation', '/solutions'],
  ];
  const hero = page.locator('section').filter({ has: page.getByRole('heading', { level: 1 }) });
  for (const [name, href] of expected) {
    await expect(hero.getByRole('heading', { level: 2, name }).getByRole('link', { name })).toHaveAttribute('href', href);
  }
  // The whole tile is the target, not only its title.
  const tile = hero.getByRole('listitem').filter({ hasText: 'Custom Software' });
  const box = await tile.boundingBox();
  if (!box) throw new Error('not laid out');
  // A point on the description, well below the title link itself.
  await tile.click({ position: { x: 20, y: box.height - 20 } });
  await expect(page).toHaveURL(/\/solutions\/software-engineering$/);
});
