import type { AboutPage, CompanyPage } from './types';

/** /about */
export const aboutPage: AboutPage = {
  title: 'About Us',
  description:
    'Meet Helixpoint: a Texas team of 200+ engineers with 15+ years of experience in cloud, security, AI and software delivery, serving clients in 30+ countries.',
  eyebrow: 'About Helixpoint',
  lead: 'We are cloud, security and software engineers who build dependable platforms for growing businesses, then hand them over to teams who can run them with confidence.',
  story: {
    heading: 'Our Story',
    paragraphs: [
      'Helixpoint was founded in Austin, Texas, in 2024 by a group of engineers with more than 15 years of experience in cloud infrastructure, security and software delivery. We had spent our careers at consultancies, SaaS companies and hospital systems, and kept meeting the same problem: mid-size businesses were sold either slide decks or staff augmentation, rarely working systems.',
      'We set out to do the work differently. Every engagement is led by senior engineers, every environment is defined in code, and security controls are designed in from the first sprint instead of audited in at the end. When we finish, the client owns the repositories, the runbooks and the know-how.',
      'That approach found an audience quickly. Within our first year we opened a second office in Dallas to serve enterprise clients in finance, healthcare and logistics. Today about 200 people work across Austin, Dallas and remote teams in the United States.',
      'Counting the engagements our people have led before and since founding the company, we have delivered for more than 500 clients in over 30 countries, from early-stage SaaS teams to regional retailers and payment processors. The mission has not changed: ship systems that are secure, observable and affordable to run.',
    ],
  },
  stats: [
    { value: '15+', label: 'Years of Experience' },
    { value: '500+', label: 'Clients Served' },
    { value: '200+', label: 'Team Members' },
    { value: '30+', label: 'Countries' },
  ],
  expertise: {
    heading: 'Our Expertise',
    intro:
      'Six practices, one delivery model. Our teams combine these skills on each engagement so that architecture, code, pipelines and security controls fit together.',
    cards: [
      {
        icon: 'Cloud',
        title: 'Cloud Architecture',
        description:
          "Landing zones, network design and workload architecture on AWS, Azure and Google Cloud, built with Terraform and reviewed against each provider's Well-Architected guidance.",
      },
      {
        icon: 'ShieldCheck',
        title: 'Cybersecurity',
        description:
          'Threat modeling, identity and access design, and continuous monitoring aligned with NIST CSF, SOC 2 and HIPAA, so audits confirm controls that already work.',
      },
      {
        icon: 'BrainCircuit',
        title: 'AI & Machine Learning',
        description:
          'Forecasting, document processing and retrieval-augmented assistants built with PyTorch and managed model services, deployed with evaluation, monitoring and cost controls.',
      },
      {
        icon: 'Workflow',
        title: 'DevOps & Platform Engineering',
        description:
          'CI/CD with GitHub Actions, Kubernetes platforms and internal developer tooling that shorten lead time and make every release repeatable and reversible.',
      },
      {
        icon: 'Code2',
        title: 'Custom Software',
        description:
          'Web applications, APIs and integrations in TypeScript, Python, Go and .NET, delivered in two-week increments with automated tests and clear documentation.',
      },
      {
        icon: 'Database',
        title: 'Data Engineering',
        description:
          'Reliable pipelines and warehouses on Snowflake, BigQuery and Databricks, with dbt models, data contracts and lineage your analysts can trust.',
      },
    ],
  },
  values: {
    heading: 'Our Values',
    intro: 'Four principles guide how we hire, how we build and how we work with clients.',
    cards: [
      {
        icon: 'Shield',
        title: 'Security by Default',
        description:
          'Least-privilege access, encryption and logging are part of the first commit, not a later phase. We treat client data as if it were our own.',
      },
      {
        icon: 'BadgeCheck',
        title: 'Engineering Excellence',
        description:
          'Peer-reviewed code, infrastructure as code and automated tests on every change. We measure quality with delivery and reliability metrics, not opinions.',
      },
      {
        icon: 'Handshake',
        title: 'Transparent Partnership',
        description:
          'Fixed scopes, weekly demos and shared dashboards. You always know what we are working on, what it costs and what risks we see.',
      },
      {
        icon: 'GraduationCap',
        title: 'Continuous Learning',
        description:
          'Every engineer gets certification budget and study time each quarter, and we pass what we learn to client teams through pairing and workshops.',
      },
    ],
  },
  cta: {
    heading: "Let's Talk About Your Next Project",
    text: 'Tell us what you are building or fixing. A senior engineer will reply within one business day to set up a free 30-minute consultation.',
    label: 'Contact Us',
    href: '/contact',
  },
};

/** /company */
export const companyPage: CompanyPage = {
  title: 'Company',
  description:
    'Helixpoint is a Texas technology company founded in 2024. Learn our vision, mission, four core offerings and why clients choose our Austin and Dallas teams.',
  eyebrow: 'Our Company',
  lead: 'A Texas technology services company helping mid-size businesses build, secure and scale the software and cloud platforms they depend on.',
  whoWeAre: {
    heading: 'Who We Are',
    paragraphs: [
      'Helixpoint Technologies was founded in 2024 by engineers who had spent more than 15 years building cloud platforms, security programs and customer-facing software. We work with mid-size companies in healthcare, financial services, retail, logistics and SaaS that need senior engineering without building a large in-house team first.',
      'Our people are architects, developers, site reliability engineers, data engineers and security specialists. They hold AWS, Azure, Google Cloud, Kubernetes and security certifications, and they work in small, stable teams that stay with a client from assessment to handover.',
      'We are headquartered in Austin, with an enterprise delivery office in Dallas and engineers working remotely across the United States.',
    ],
  },
  vision: {
    heading: 'Vision',
    text: 'A world where every growing business can run technology as secure, reliable and efficient as the largest enterprises, without the enterprise overhead.',
  },
  mission: {
    heading: 'Mission',
    text: 'We design, build and secure cloud platforms, software and AI systems that solve measurable business problems, and we leave every client team able to own and evolve what we deliver.',
  },
  whatWeDo: {
    heading: 'What We Do',
    intro: 'Four offerings cover the full lifecycle of modern software, from the first architecture decision to production operations.',
    offerings: [
      {
        icon: 'BrainCircuit',
        title: 'AI and Machine Learning',
        description:
          'We turn business data into models and assistants that earn their place in production, with evaluation, monitoring and governance from day one.',
        bullets: [
          'Forecasting, classification and anomaly detection',
          'Retrieval-augmented assistants on private data',
          'MLOps pipelines with drift monitoring',
        ],
      },
      {
        icon: 'CloudCog',
        title: 'Cloud-Native and DevOps Consulting',
        description:
          'We design cloud foundations and delivery pipelines that let teams release daily with confidence, on AWS, Azure or Google Cloud.',
        bullets: [
          'Landing zones and infrastructure as code with Terraform',
          'Kubernetes platforms and GitHub Actions pipelines',
          'Observability, SRE practices and cost optimization',
        ],
      },
      {
        icon: 'Code2',
        title: 'Custom Software Development',
        description:
          'We build web applications, APIs and integrations tailored to your workflows, delivered in short increments with tests and documentation.',
        bullets: [
          'Product discovery and UX prototyping',
          'TypeScript, Python, Go and .NET development',
          'Legacy modernization and system integration',
        ],
      },
      {
        icon: 'Layers',
        title: 'SaaS and Microservices Architecture',
        description:
          'We help software companies design multi-tenant platforms and break up monoliths into services that scale, deploy and fail independently.',
        bullets: [
          'Multi-tenant design, billing and tenant isolation',
          'Domain-driven service boundaries and event streaming',
          'API gateways, service mesh and zero-downtime releases',
        ],
      },
    ],
  },
  whyChoose: {
    heading: 'Why Choose Helixpoint',
    intro: 'Clients pick us for the way we work as much as for what we build. Five things set us apart.',
    reasons: [
      {
        title: 'Senior-Led Teams',
        description:
          'Every engagement is led by an engineer with at least ten years of hands-on experience, and the people who scope the work are the people who deliver it.',
      },
      {
        title: 'Security Built In',
        description:
          'Controls mapped to SOC 2, HIPAA, PCI DSS and ISO 27001 are designed into architectures and pipelines from the first sprint.',
      },
      {
        title: 'Transparent, Fixed Scopes',
        description: 'Clear deliverables, weekly demos and shared progress dashboards mean no surprises in cost, timeline or quality.',
      },
      {
        title: 'No Vendor Lock-In',
        description: 'You own all code, infrastructure definitions and runbooks, and we train your team to run them without us.',
      },
      {
        title: 'Local Presence, Broad Reach',
        description:
          'Offices in Austin and Dallas for in-person workshops, with a delivery model that has served clients in more than 30 countries.',
      },
    ],
  },
  locations: {
    heading: 'Our Locations',
    intro: 'Two Texas offices, one team. Visit us in person or meet our engineers wherever you are.',
  },
  closing: {
    heading: "Build What's Next With Us",
    text: 'Whether you need a partner for your next platform or a place to do the best work of your career, we would like to hear from you.',
  },
};
