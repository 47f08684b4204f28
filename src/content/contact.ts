/** The contact page's copy. */

export const contactPage = {
  title: 'Contact Us',
  description:
    'Talk to Helixpoint about cloud, AI, DevOps or security work: send a message, call, or book a free 30-minute consultation. We reply within 24 hours.',
  eyebrow: 'Contact',
  heading: "Let's Talk About Your Project",
  lead: 'Tell us what you are building or fixing. An engineer, not a sales script, replies within 24 hours on business days.',
} as const;

export const contactFaq = [
  {
    id: 'partnering',
    question: 'How do we start working with Helixpoint?',
    answer:
      'Send a message or book a call. In a first 30-minute conversation we listen to the problem, ask about constraints (budget, deadlines, compliance) and tell you honestly whether we are the right team. If we are, you receive a short written proposal with scope, team and price within a week; work can usually start two weeks after it is signed.',
  },
  {
    id: 'industries',
    question: 'Which industries do you work with?',
    answer:
      'Mostly healthcare, financial services, logistics, retail and software companies, from funded start-ups to enterprises with several hundred engineers. What they share is regulated data or uptime that matters; we are used to HIPAA, SOC 2 and PCI DSS audits and design for them from the start.',
  },
  {
    id: 'devops',
    question: 'What do your DevOps services include?',
    answer:
      'CI/CD pipelines, infrastructure as code (Terraform, AWS CDK), Kubernetes platforms, observability and on-call practices, and security checks built into delivery (DevSecOps). We can run a two-week assessment with a prioritised roadmap, build the platform with your team, or both, and we hand over with documentation and training so you are not dependent on us.',
  },
  {
    id: 'consultation',
    question: 'Is the first consultation really free?',
    answer:
      'Yes. The first 30-minute consultation is free and carries no obligation. You talk with a senior engineer, not a salesperson, and you leave with at least one concrete recommendation. Use "Book a Meeting" above to invite us to a time in our business hours, or mention a preferred time in your message.',
  },
] as const;
