/** Demo departments and open positions, so a fresh install shows a real job board. */

export const seedDepartments = ['Cloud & Infrastructure', 'Data & AI', 'Engineering', 'Security', 'Client Services'] as const;

export interface SeedPosition {
  title: string;
  department: (typeof seedDepartments)[number];
  location: string;
  type: 'Full-time' | 'Part-time' | 'Contract' | 'Internship' | 'Remote';
  description: string;
  requirements: string[];
  responsibilities: string[];
  salaryMin?: number;
  salaryMax?: number;
}

export const seedPositions: readonly SeedPosition[] = [
  {
    title: 'Senior Cloud Engineer (AWS)',
    department: 'Cloud & Infrastructure',
    location: 'Austin, TX',
    type: 'Full-time',
    description:
      'Design and build AWS landing zones, migrations and platform services for mid-size clients. You will lead technical work on two or three engagements at a time, pairing with client engineers so they can run what we build.',
    requirements: [
      '5+ years building production infrastructure on AWS',
      'Terraform or AWS CDK in real projects, reviewed in pull requests',
      'Networking fundamentals: VPC design, DNS, load balancing, private connectivity',
      'Experience with multi-account setups (Organizations, Control Tower)',
      'Clear written communication with clients and colleagues',
    ],
    responsibilities: [
      'Design landing zones and account structures that pass security review',
      'Plan and run migration waves with rehearsed cutovers and rollback plans',
      'Write reusable Terraform modules and document them',
      'Coach client engineers through pairing and reviews',
    ],
    salaryMin: 150000,
    salaryMax: 185000,
  },
  {
    title: 'Platform Engineer (Kubernetes)',
    department: 'Cloud & Infrastructure',
    location: 'Remote',
    type: 'Remote',
    description:
      'Build internal developer platforms on Kubernetes for our clients: cluster design, GitOps delivery, policy and observability. Fully remote within US time zones, with a quarterly on-site week in Austin.',
    requirements: [
      '3+ years operating Kubernetes in production (EKS, AKS or GKE)',
      'GitOps with Argo CD or Flux',
      'Helm, Kustomize and at least one policy engine (Kyverno or Gatekeeper)',
      'Prometheus, Grafana or OpenTelemetry in practice',
    ],
    responsibilities: [
      'Design clusters, networking and autoscaling for client workloads',
      'Build golden paths and templates that product teams adopt',
      'Define SLOs and alerts that page only for real problems',
      'Run upgrades and incident reviews with client teams',
    ],
    salaryMin: 135000,
    salaryMax: 165000,
  },
  {
    title: 'Machine Learning Engineer',
    department: 'Data & AI',
    location: 'Dallas, TX',
    type: 'Full-time',
    description:
      'Take machine learning models from notebook to production for clients in healthcare, finance and logistics: feature pipelines, training, evaluation, deployment and monitoring.',
    requirements: [
      '3+ years shipping ML systems to production',
      'Python, PyTorch or scikit-learn, and SQL',
      'Experience with MLflow, SageMaker or Vertex AI',
      'A habit of measuring models against a baseline before and after launch',
    ],
    responsibilities: [
      'Build training and inference pipelines with reproducible results',
      'Evaluate models with clients on business metrics, not only accuracy',
      'Set up drift and performance monitoring after launch',
      'Write clear model cards and handover documents',
    ],
    salaryMin: 145000,
    salaryMax: 180000,
  },
  {
    title: 'Data Engineer',
    department: 'Data & AI',
    location: 'Austin, TX',
    type: 'Full-time',
    description:
      'Build reliable data pipelines and warehouses that analysts and models can trust. You will work with dbt, Snowflake or BigQuery, and streaming where the use case needs it.',
    requirements: [
      '3+ years building batch or streaming pipelines',
      'Advanced SQL and data modelling (dimensional or data vault)',
      'dbt and one orchestrator (Airflow, Dagster or Prefect)',
      'Data quality testing as part of the pipeline',
    ],
    responsibilities: [
      'Design and build ingestion, transformation and serving layers',
      'Add tests, lineage and alerting to every pipeline',
      'Tune cost and performance of warehouse workloads',
      'Work with analysts to define trusted metrics',
    ],
    salaryMin: 125000,
    salaryMax: 155000,
  },
  {
    title: 'Security Engineer (Cloud)',
    department: 'Security',
    location: 'Dallas, TX',
    type: 'Full-time',
    description:
      'Harden cloud environments and build detection for clients preparing for SOC 2, HIPAA and PCI DSS audits. You will mix architecture reviews with hands-on engineering.',
    requirements: [
      '4+ years in cloud or application security',
      'Hands-on with AWS security services (GuardDuty, Security Hub, IAM) or their Azure equivalents',
      'Infrastructure as code and policy as code',
      'Familiarity with SOC 2 or ISO 27001 controls',
    ],
    responsibilities: [
      'Run security architecture reviews and threat models',
      'Build detection rules and response runbooks',
      'Automate evidence collection for audits',
      'Advise development teams on secure design',
    ],
    salaryMin: 150000,
    salaryMax: 190000,
  },
  {
    title: 'DevSecOps Engineer',
    department: 'Security',
    location: 'Remote',
    type: 'Contract',
    description:
      'A six-month contract, extendable, to add security scanning, signed artifacts and policy gates to CI/CD pipelines for a fintech client, without slowing its releases down.',
    requirements: [
      'GitHub Actions or GitLab CI at scale',
      'SAST, dependency and container scanning tools, tuned for low noise',
      'Artifact signing (Sigstore/cosign) and SBOM generation',
      'Available 40 hours a week in US Central time',
    ],
    responsibilities: [
      'Add scanning and policy checks to existing pipelines',
      'Triage findings with developers and reduce false positives',
      'Document the pipeline controls for auditors',
    ],
    salaryMin: 85,
    salaryMax: 110,
  },
  {
    title: 'Full-Stack Software Engineer',
    department: 'Engineering',
    location: 'Austin, TX',
    type: 'Full-time',
    description:
      'Build web applications and APIs for clients with TypeScript, React and Node.js or Python. Small teams, real ownership, and code that is reviewed, tested and deployed continuously.',
    requirements: [
      '3+ years building web applications in TypeScript',
      'React and a backend framework (Node.js, Django or FastAPI)',
      'Relational databases, preferably PostgreSQL',
      'Automated testing as a normal part of your work',
    ],
    responsibilities: [
      'Deliver features end to end, from design discussion to production',
      'Review code and improve the team’s practices',
      'Keep applications accessible, fast and secure',
      'Talk directly with client stakeholders about scope and trade-offs',
    ],
    salaryMin: 120000,
    salaryMax: 150000,
  },
  {
    title: 'Technical Project Manager',
    department: 'Client Services',
    location: 'Dallas, TX',
    type: 'Full-time',
    description:
      'Run cloud, data and software engagements from kickoff to handover: scope, plan, risks and weekly reporting, working with senior engineers and client executives.',
    requirements: [
      '4+ years managing technical projects in a consulting or agency setting',
      'Comfort with Agile delivery and fixed-scope engagements',
      'Enough technical depth to discuss cloud and software trade-offs',
      'Excellent written status reporting',
    ],
    responsibilities: [
      'Plan engagements and keep scope, budget and timeline on track',
      'Run steering meetings and weekly demos',
      'Spot risks early and agree mitigations with clients',
    ],
    salaryMin: 110000,
    salaryMax: 135000,
  },
  {
    title: 'Cloud Engineering Intern (Summer 2027)',
    department: 'Cloud & Infrastructure',
    location: 'Austin, TX',
    type: 'Internship',
    description:
      'A paid 12-week summer internship working on real client infrastructure with a dedicated mentor, for students finishing a computer science or related degree.',
    requirements: [
      'Enrolled in a computer science, engineering or related program',
      'Some experience with Linux, Git and a scripting language',
      'Curiosity about cloud infrastructure and automation',
    ],
    responsibilities: [
      'Build and test Terraform modules under review',
      'Automate a real operational task end to end',
      'Present your work to the team at the end of the summer',
    ],
  },
];
