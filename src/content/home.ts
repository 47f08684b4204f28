/**
 * Home page (/) copy below the hero: the spec's Our Services grid (six cards, in order),
 * the Solutions grid (three cards) and the call-to-action band.
 */
import type { HomePage } from './types';

export const homePage: HomePage = {
  description:
    'Helixpoint builds secure cloud platforms, custom software, AI and DevOps pipelines for growing businesses, with offices in Austin and Dallas, Texas.',
  hero: {
    badge: 'Leading Technology Solutions Provider',
    title: 'Transform Your Business with Intelligent Solutions',
    lead: 'We design, build and run cloud platforms, custom software and AI systems, with security engineered in from the first commit.',
    primaryAction: 'Get Started',
    secondaryAction: 'Explore Solutions',
    tiles: [
      { title: 'Cloud Solutions', description: 'AWS, Azure and GCP platforms designed for uptime and cost.' },
      { title: 'Custom Software', description: 'Web, mobile and backend systems built around your process.' },
      { title: 'AI Integration', description: 'Machine learning and automation inside the tools you use.' },
      { title: 'Digital Innovation', description: 'New products taken from idea to production, safely.' },
    ],
  },
  services: {
    heading: 'Our Services',
    intro: 'Security, cloud and delivery services that protect your data, keep systems fast and help your team ship with confidence.',
    cards: [
      {
        href: '/services/cyber-security',
        category: 'Security',
        icon: 'Shield',
        title: 'Cyber Security',
        description:
          'Layered defenses that detect threats early and keep attackers out, mapped to SOC 2, HIPAA and the NIST Cybersecurity Framework.',
        bullets: ['Threat detection', 'Access control', 'Encryption'],
      },
      {
        href: '/services/cloud-intelligence',
        category: 'Cloud',
        icon: 'CloudCog',
        title: 'Cloud Intelligence',
        description:
          'Turn metrics, logs and billing data into automated decisions that lower spend and keep AWS, Azure and GCP running smoothly.',
        bullets: ['Intelligent optimization', 'Data processing', 'Network intelligence'],
      },
      {
        href: '/services/devsecops',
        category: 'Development',
        icon: 'GitMerge',
        title: 'DevSecOps',
        description:
          'CI/CD pipelines with security scanning and compliance checks built in, so every release is tested, scanned and traceable.',
        bullets: ['Automated pipelines', 'Security scanning', 'Infrastructure as code'],
      },
      {
        href: '/services/data-protection',
        category: 'Security',
        icon: 'FileLock2',
        title: 'Data Protection',
        description:
          'Encryption, access control and compliance controls that keep customer and financial records safe wherever they are stored.',
        bullets: ['Data encryption', 'Access control', 'Compliance'],
      },
      {
        href: '/services/identity-management',
        category: 'Security',
        icon: 'Fingerprint',
        title: 'Identity Management',
        description:
          'Single sign-on, multi-factor and passwordless authentication that verify every user and device without slowing your team down.',
        bullets: ['Multi-factor authentication', 'Single sign-on', 'Biometric sign-in'],
      },
      {
        href: '/services/threat-intelligence',
        category: 'Intelligence',
        icon: 'Eye',
        title: 'Threat Intelligence',
        description: 'Threat hunting and risk analysis that show which attacks target your industry and which fixes matter most.',
        bullets: ['Threat hunting', 'Risk assessment', 'Intelligence reports'],
      },
    ],
  },
  solutions: {
    heading: 'Solutions',
    intro: 'End-to-end engagements that take a cloud, AI or DevOps initiative from first assessment to a running, supported system.',
    cards: [
      {
        href: '/solutions/cloud',
        icon: 'Cloud',
        title: 'Cloud Solutions',
        description: 'Secure, scalable infrastructure on AWS, Azure or Google Cloud, designed, built and managed as code with Terraform.',
        bullets: ['Cloud infrastructure', 'Cloud security', 'Cloud management'],
      },
      {
        href: '/solutions/ai-ml',
        icon: 'BrainCircuit',
        title: 'AI & Machine Learning',
        description:
          'Machine learning models and AI automation built with PyTorch and your own data, then deployed and monitored in production.',
        bullets: ['Machine learning', 'AI automation', 'Predictive analytics'],
      },
      {
        href: '/solutions/devops',
        icon: 'Workflow',
        title: 'DevOps',
        description: 'CI/CD, Kubernetes and infrastructure as code that help your team release faster with fewer failed deployments.',
        bullets: ['CI/CD implementation', 'Container orchestration', 'Infrastructure as code'],
      },
    ],
  },
  ctaBand: {
    heading: 'Ready to Secure Your Digital Assets?',
    text: 'Book a free 30-minute consultation with our engineers. We will review your current setup and recommend clear next steps.',
    action: 'Get Started',
  },
};
