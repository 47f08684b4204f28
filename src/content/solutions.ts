/**
 * Copy for /solutions and every solution page, including the four AWS sub-pages linked from
 * /solutions/aws. Sections render in the order of DetailPage: features, benefits, steps, CTA.
 */
import type { DetailPage, SolutionsIndexPage } from './types';

export const solutionsIndex: SolutionsIndexPage = {
  title: 'Solutions',
  eyebrow: 'What We Deliver',
  lead: 'From AWS migrations and DevOps pipelines to machine learning, data platforms and blockchain reviews, each solution is a scoped engagement with clear deliverables, named engineers and a defined first milestone.',
  description:
    'Explore Helixpoint solutions: AWS and multi-cloud, cloud migration, DevOps, AI and machine learning, software and data engineering, blockchain and AI trends.',
  cta: {
    heading: 'Not sure where to start?',
    text: 'Tell us what you are building. An engineer will reply within 24 hours and suggest the smallest useful first step.',
    action: 'Talk to an Engineer',
  },
};

export const solutionPages: readonly DetailPage[] = [
  // 1. /solutions/aws (the spec titles it Cloud Solutions)
  {
    path: '/solutions/aws',
    title: 'Cloud Solutions',
    description:
      'AWS cloud solutions from Helixpoint: migration, DevOps automation, security and cost optimization, built by engineers who follow the Well-Architected Framework.',
    eyebrow: 'AWS Solutions',
    lead: 'Helixpoint designs, migrates and runs workloads on Amazon Web Services for mid-size teams. We pair Well-Architected practice with hands-on engineering, so your platform is secure, automated and priced for how you actually use it.',
    backToHome: false,
    features: {
      heading: 'Our AWS Solutions',
      intro: 'Four focused engagements. Start with one, or combine them into a complete platform program.',
      cards: [
        {
          icon: 'CloudUpload',
          title: 'Cloud Migration',
          description:
            'Move servers, databases and applications to AWS with a wave plan, rehearsed cutovers and a rollback path for every workload.',
          bullets: [
            'Portfolio discovery with AWS Migration Hub',
            'Rehosting with Application Migration Service',
            'Database moves with AWS DMS',
          ],
          href: '/solutions/aws/migration',
        },
        {
          icon: 'Workflow',
          title: 'DevOps Automation',
          description:
            'Replace manual releases with pipelines and infrastructure as code, so every change to your AWS estate is reviewed, tested and repeatable.',
          bullets: ['CodePipeline or GitHub Actions delivery', 'AWS CDK and Terraform modules', 'Amazon EKS and ECS platforms'],
          href: '/solutions/aws/devops',
        },
        {
          icon: 'ShieldCheck',
          title: 'Cloud Security',
          description:
            'Build a multi-account AWS foundation with guardrails, threat detection and encryption mapped to SOC 2, HIPAA and PCI DSS controls.',
          bullets: ['AWS Control Tower landing zones', 'GuardDuty and Security Hub monitoring', 'IAM Identity Center and AWS KMS'],
          href: '/solutions/aws/security',
        },
        {
          icon: 'Wallet',
          title: 'Cost Optimization',
          description:
            'Find and remove waste in your AWS bill, then keep it out with tagging, budgets and commitment coverage that matches real usage.',
          bullets: ['Savings Plans coverage strategy', 'Rightsizing with Compute Optimizer', 'Graviton and storage tier reviews'],
          href: '/solutions/aws/cost-optimization',
        },
      ],
    },
    benefits: {
      heading: 'Why Teams Run AWS with Helixpoint',
      items: [
        {
          title: 'Well-Architected by Default',
          description:
            'Every design is reviewed against the six pillars of the AWS Well-Architected Framework before it reaches production.',
        },
        {
          title: 'Everything as Code',
          description:
            'Accounts, networks and services are defined in AWS CDK or Terraform, so your environment can be audited and rebuilt.',
        },
        {
          title: 'Security from Day One',
          description: 'Guardrails, central logging and least-privilege access are part of the first sprint, not a later phase.',
        },
        {
          title: 'Predictable Spend',
          description: 'Budgets, tagging and cost reports ship with the platform, so finance sees costs before the invoice arrives.',
        },
        {
          title: 'Engineers, Not Slide Decks',
          description: 'The architects who design your platform write the code and stay with you through go-live.',
        },
        {
          title: 'Your Team Owns It',
          description:
            'Runbooks, architecture decision records and pairing sessions leave your engineers ready to run the platform themselves.',
        },
      ],
    },
    steps: {
      heading: 'How an AWS Engagement Works',
      items: [
        {
          title: 'Discover',
          description:
            'We review your accounts, workloads and bills, then interview your team. You receive a findings report with risks ranked by impact.',
        },
        {
          title: 'Design',
          description:
            'We produce a target architecture and a phased roadmap. You receive diagrams, cost estimates and a backlog your team can review.',
        },
        {
          title: 'Build',
          description:
            'We implement in short iterations alongside your engineers, all in code. You receive working infrastructure and pipelines after each sprint.',
        },
        {
          title: 'Operate and Improve',
          description:
            'We tune performance, cost and security after go-live. You receive monthly reports and either a handover plan or ongoing managed support.',
        },
      ],
    },
    cta: {
      heading: 'Plan Your Next Step on AWS',
      text: 'Book a free 30-minute call with a Helixpoint architect to discuss your accounts, workloads and goals.',
      label: 'Talk to an AWS Architect',
      href: '/contact',
    },
  },

  // 2. /solutions/aws/migration
  {
    path: '/solutions/aws/migration',
    title: 'AWS Cloud Migration',
    description:
      'Migrate to AWS with Helixpoint: discovery in Migration Hub, rehosting with Application Migration Service, database moves with AWS DMS and rehearsed cutovers.',
    eyebrow: 'AWS Migration',
    lead: 'We move servers, databases and applications from your data center or another cloud to AWS in planned waves. Every workload gets a tested cutover, a rollback path and a named owner.',
    backToHome: false,
    features: {
      heading: 'What the Migration Covers',
      intro: 'A complete path from inventory to a governed AWS environment, built on AWS-native migration tooling.',
      cards: [
        {
          icon: 'Search',
          title: 'Discovery and Assessment',
          description:
            'We inventory servers, dependencies and licenses, then choose a migration strategy for each workload: rehost, replatform, refactor, retain or retire.',
          bullets: [
            'AWS Migration Hub and Application Discovery Service',
            'Dependency mapping across apps and databases',
            'Business case and run-cost estimate',
          ],
        },
        {
          icon: 'Server',
          title: 'Server Rehosting',
          description:
            'Lift servers to Amazon EC2 with continuous block-level replication, then test-launch and cut over in short, scheduled windows.',
          bullets: ['AWS Application Migration Service (MGN)', 'Non-disruptive test launches', 'Automated post-launch configuration'],
        },
        {
          icon: 'Database',
          title: 'Database Migration',
          description:
            'Move Oracle, SQL Server, MySQL and PostgreSQL databases to Amazon RDS or Aurora, replicating changes until the moment of cutover.',
          bullets: [
            'AWS Database Migration Service (DMS)',
            'Schema conversion with DMS Schema Conversion',
            'Row-count and checksum validation',
          ],
        },
        {
          icon: 'Layers',
          title: 'Landing Zone and Modernization',
          description:
            'Workloads land in a governed multi-account environment, and selected applications move to containers or managed services.',
          bullets: [
            'AWS Control Tower landing zone',
            'Replatforming to Amazon ECS, EKS or Lambda',
            'Guidance on the AWS Migration Acceleration Program',
          ],
        },
      ],
    },
    benefits: {
      heading: 'Why Migrate to AWS with Helixpoint',
      items: [
        {
          title: 'Rehearsed Cutovers',
          description:
            'Every wave is test-launched in AWS before the real cutover, so surprises surface in rehearsal rather than in production.',
        },
        {
          title: 'Rollback for Every Workload',
          description: 'Source systems stay intact until validation passes, giving each cutover a documented way back.',
        },
        {
          title: 'Short Downtime Windows',
          description: 'Continuous replication with MGN and DMS keeps cutovers brief and scheduled outside your busiest hours.',
        },
        {
          title: 'Compliance Preserved',
          description: 'Encryption, logging and access controls for HIPAA and SOC 2 scope are in place before any data moves.',
        },
        {
          title: 'Costs Known Up Front',
          description: 'A total cost of ownership model and AWS Pricing Calculator estimates show run costs before you commit.',
        },
        {
          title: 'Modernize Where It Pays',
          description: 'We rehost first and refactor only where containers or managed services clearly lower cost or risk.',
        },
      ],
    },
    steps: {
      heading: 'Our AWS Migration Process',
      items: [
        {
          title: 'Assess',
          description:
            'We run discovery tooling and interview application owners. You receive a portfolio inventory, a strategy per workload and a business case.',
        },
        {
          title: 'Mobilize',
          description:
            'We build the landing zone and migrate a pilot workload. You receive a working AWS foundation and a proven migration runbook.',
        },
        {
          title: 'Migrate in Waves',
          description:
            'We move grouped workloads with test launches and scheduled cutovers. You receive signed-off validation results for each wave.',
        },
        {
          title: 'Optimize',
          description:
            'We rightsize instances, configure AWS Backup and retire source systems. You receive a handover pack and a leaner monthly bill.',
        },
      ],
    },
    cta: {
      heading: 'Start Planning Your AWS Migration',
      text: 'Tell us what you run today and when you need to move. We will outline a discovery plan and a realistic first wave.',
      label: 'Plan My AWS Migration',
      href: '/contact',
    },
  },

  // 3. /solutions/aws/devops
  {
    path: '/solutions/aws/devops',
    title: 'AWS DevOps Automation',
    description:
      'AWS DevOps automation by Helixpoint: CodePipeline and GitHub Actions delivery, AWS CDK and Terraform infrastructure, and Amazon EKS platforms your team can run.',
    eyebrow: 'AWS DevOps',
    lead: 'We build delivery pipelines and infrastructure as code on AWS, so your team ships small changes often, with tests, approvals and rollbacks handled by automation instead of by hand.',
    backToHome: false,
    features: {
      heading: 'What We Automate on AWS',
      intro: 'From the first commit to production monitoring, every step is defined in code and reviewed like code.',
      cards: [
        {
          icon: 'Workflow',
          title: 'Delivery Pipelines',
          description:
            'Build, test and deploy every commit through a pipeline with quality gates, plus manual approvals where your auditors expect them.',
          bullets: [
            'AWS CodePipeline and CodeBuild',
            'GitHub Actions with OIDC federation to AWS',
            'Blue/green and canary releases with CodeDeploy',
          ],
        },
        {
          icon: 'Code2',
          title: 'Infrastructure as Code',
          description:
            'Define accounts, networks and services in reusable modules that are reviewed through pull requests like any other code.',
          bullets: [
            'AWS CDK in TypeScript or Python',
            'Terraform with remote state and drift checks',
            'Policy checks with cdk-nag and Checkov',
          ],
        },
        {
          icon: 'Container',
          title: 'Container Platforms',
          description:
            'Run services on Amazon EKS or ECS with autoscaling, GitOps deployments and sensible defaults for networking and secrets.',
          bullets: ['Amazon EKS with Karpenter autoscaling', 'Argo CD or Flux for GitOps', 'Amazon ECR image scanning'],
        },
        {
          icon: 'Activity',
          title: 'Observability and Reliability',
          description:
            'Instrument services so you see failures before customers do, with alerts tied to service-level objectives rather than raw thresholds.',
          bullets: ['Amazon CloudWatch and AWS X-Ray', 'OpenTelemetry to Datadog or Grafana', 'Runbooks and on-call alert routing'],
        },
      ],
    },
    benefits: {
      heading: 'Why Automate AWS with Helixpoint',
      items: [
        {
          title: 'Faster, Safer Releases',
          description: 'Small automated deployments with health checks replace risky release nights and long change freezes.',
        },
        {
          title: 'Repeatable Environments',
          description: 'Development, staging and production are built from the same code, so configuration drift stops causing incidents.',
        },
        {
          title: 'No Long-Lived Keys',
          description: 'Pipelines assume IAM roles through OIDC, which removes static AWS access keys from your CI system.',
        },
        {
          title: 'Built-In Rollback',
          description: 'Canary and blue/green deployments roll back automatically when CloudWatch alarms fire.',
        },
        {
          title: 'Audit-Ready Change History',
          description: 'Every infrastructure and application change is tied to a commit, a review and a pipeline run.',
        },
        {
          title: 'DORA Metrics Tracked',
          description: 'We measure deployment frequency, lead time, change failure rate and recovery time, so progress is visible.',
        },
      ],
    },
    steps: {
      heading: 'How We Deliver DevOps on AWS',
      items: [
        {
          title: 'Baseline',
          description:
            'We map your current build, release and on-call process. You receive baseline DORA metrics and a prioritized list of bottlenecks.',
        },
        {
          title: 'Design',
          description:
            'We choose pipeline, infrastructure and runtime patterns that fit your team. You receive reference architectures and a module plan.',
        },
        {
          title: 'Implement',
          description:
            'We automate one service end to end, then roll the pattern out. You receive working pipelines, reusable modules and runbooks.',
        },
        {
          title: 'Enable',
          description:
            'We pair with your engineers until they own the platform. You receive training sessions, documentation and a follow-up review.',
        },
      ],
    },
    cta: {
      heading: 'Ship to AWS with Confidence',
      text: 'Tell us how you release today. We will show where automation removes the most risk and manual effort.',
      label: 'Automate My AWS Delivery',
      href: '/contact',
    },
  },

  // 4. /solutions/aws/security
  {
    path: '/solutions/aws/security',
    title: 'AWS Cloud Security',
    description:
      'AWS cloud security from Helixpoint: Control Tower guardrails, IAM Identity Center, KMS encryption, GuardDuty and Security Hub, mapped to SOC 2 and HIPAA.',
    eyebrow: 'AWS Security',
    lead: 'We design and harden AWS environments with account guardrails, central identity, encryption and continuous threat detection, mapped to the compliance frameworks your customers and auditors ask about.',
    backToHome: false,
    features: {
      heading: 'How We Secure Your AWS Environment',
      intro: 'Layered controls across accounts, identity, data and detection, all deployed as code.',
      cards: [
        {
          icon: 'Building2',
          title: 'Secure Landing Zone',
          description: 'Separate workloads into accounts governed by preventive and detective controls from a single management account.',
          bullets: ['AWS Control Tower and Organizations', 'Service control policies', 'Central CloudTrail and AWS Config logging'],
        },
        {
          icon: 'Fingerprint',
          title: 'Identity and Access',
          description:
            'Replace IAM users and shared keys with single sign-on, short-lived credentials and least-privilege permission sets.',
          bullets: [
            'IAM Identity Center with your identity provider',
            'IAM Access Analyzer reviews',
            'Permission boundaries for delivery teams',
          ],
        },
        {
          icon: 'Lock',
          title: 'Data Protection',
          description: 'Encrypt data at rest and in transit with managed keys, automatic rotation and clear rules on who can decrypt what.',
          bullets: ['AWS KMS customer managed keys', 'Secrets Manager with rotation', 'Amazon Macie for sensitive data discovery'],
        },
        {
          icon: 'ShieldAlert',
          title: 'Threat Detection and Response',
          description:
            'Detect suspicious activity across every account and route findings to the right people with tested response playbooks.',
          bullets: [
            'Amazon GuardDuty in all accounts and regions',
            'AWS Security Hub standards scoring',
            'Automated response with EventBridge',
          ],
        },
      ],
    },
    benefits: {
      heading: 'Why Secure AWS with Helixpoint',
      items: [
        {
          title: 'Guardrails, Not Gatekeepers',
          description:
            'Preventive controls block risky changes automatically, so developers keep moving without waiting on manual reviews.',
        },
        {
          title: 'One Identity Source',
          description: 'Staff sign in through your existing identity provider, and AWS access ends the moment someone leaves.',
        },
        {
          title: 'Evidence for Auditors',
          description: 'AWS Config rules and Security Hub standards produce control evidence for SOC 2, HIPAA and PCI DSS audits.',
        },
        {
          title: 'Findings That Get Fixed',
          description: 'Alerts are deduplicated, prioritized and routed to named owners instead of piling up in a console.',
        },
        {
          title: 'Encryption Everywhere',
          description: 'Data stores, backups and logs are encrypted with keys you control and can audit.',
        },
        {
          title: 'Mapped to Frameworks',
          description: 'Controls are documented against the CIS AWS Foundations Benchmark and NIST CSF, so security reviews go faster.',
        },
      ],
    },
    steps: {
      heading: 'Our AWS Security Process',
      items: [
        {
          title: 'Assess',
          description:
            'We scan your accounts with Security Hub and Prowler and review IAM policies. You receive a risk-ranked findings report and quick wins.',
        },
        {
          title: 'Architect',
          description:
            'We design the account structure, identity model and key policies. You receive a target security architecture and a control matrix.',
        },
        {
          title: 'Harden',
          description:
            'We deploy guardrails, detection and encryption as code. You receive a hardened environment and a clean Security Hub baseline.',
        },
        {
          title: 'Monitor and Respond',
          description:
            'We tune alerts and rehearse incident playbooks with your team. You receive runbooks, a tabletop exercise report and optional ongoing monitoring.',
        },
      ],
    },
    cta: {
      heading: 'Close the Gaps in Your AWS Security',
      text: 'Get a clear view of your AWS risks and the order to fix them in, starting with a free 30-minute review call.',
      label: 'Request an AWS Security Review',
      href: '/contact',
    },
  },

  // 5. /solutions/aws/cost-optimization
  {
    path: '/solutions/aws/cost-optimization',
    title: 'AWS Cost Optimization',
    description:
      'AWS cost optimization by Helixpoint: Cost Explorer analysis, Compute Optimizer rightsizing, Savings Plans coverage and Graviton moves, backed by FinOps habits.',
    eyebrow: 'AWS FinOps',
    lead: 'We find the waste in your AWS bill, cut it with rightsizing, commitments and architecture changes, and put FinOps practices in place so the savings hold as your usage grows.',
    backToHome: false,
    features: {
      heading: 'Where We Find Savings',
      intro: 'Four levers, applied in order of effort and impact, with every change measured against your actual bill.',
      cards: [
        {
          icon: 'BarChart3',
          title: 'Cost Visibility',
          description: 'Break spend down by team, product and environment, so every dollar has an owner and a reason.',
          bullets: [
            'Cost Explorer and Cost and Usage Reports',
            'Tagging policy and cost allocation tags',
            'AWS Budgets and Cost Anomaly Detection',
          ],
        },
        {
          icon: 'Gauge',
          title: 'Rightsizing',
          description:
            'Match instances, containers and databases to real utilization, and switch off idle resources outside working hours.',
          bullets: [
            'AWS Compute Optimizer recommendations',
            'Scheduled shutdown for non-production',
            'Cleanup of idle and orphaned resources',
          ],
        },
        {
          icon: 'Coins',
          title: 'Commitment Planning',
          description: 'Cover steady usage with Savings Plans and Reserved Instances sized to your baseline, not your peak.',
          bullets: [
            'Compute and EC2 Instance Savings Plans',
            'RDS and ElastiCache reservations',
            'Quarterly coverage and utilization reviews',
          ],
        },
        {
          icon: 'Cpu',
          title: 'Architecture Savings',
          description: 'Lower unit costs with cheaper compute and storage choices that keep performance the same or better.',
          bullets: [
            'Graviton migration for compatible workloads',
            'Spot Instances for fault-tolerant jobs',
            'S3 Intelligent-Tiering and gp3 volumes',
          ],
        },
      ],
    },
    benefits: {
      heading: 'Why Optimize AWS with Helixpoint',
      items: [
        {
          title: 'Savings You Can Verify',
          description: 'Every recommendation comes with a before-and-after estimate you can check in Cost Explorer.',
        },
        {
          title: 'No Performance Trade-Offs',
          description: 'Changes are load-tested or rolled out gradually, so cost cuts never turn into outages.',
        },
        {
          title: 'Clear Cost Ownership',
          description: 'Tags and reports show each team what it spends, which turns cost into an engineering metric.',
        },
        {
          title: 'Commitments Sized Safely',
          description: 'We size Savings Plans against baseline usage, so you avoid paying for capacity you no longer need.',
        },
        {
          title: 'Unit Economics',
          description: 'We track cost per customer, transaction or environment, so growth and spend can be compared directly.',
        },
        {
          title: 'Habits That Last',
          description: 'Budgets, anomaly alerts and monthly reviews keep waste from creeping back after the project ends.',
        },
      ],
    },
    steps: {
      heading: 'Our Cost Optimization Process',
      items: [
        {
          title: 'Analyze',
          description:
            'We review up to twelve months of billing data and current utilization. You receive a savings report ranked by effort and impact.',
        },
        {
          title: 'Quick Wins',
          description: 'We remove idle resources and fix obvious oversizing in the first weeks. You receive an updated spend forecast.',
        },
        {
          title: 'Optimize',
          description:
            'We implement commitments, Graviton moves and storage changes. You receive measured savings per change and updated architecture notes.',
        },
        {
          title: 'Govern',
          description:
            'We set up tagging policy, budgets and a monthly FinOps review. You receive dashboards and a review cadence your team can run.',
        },
      ],
    },
    cta: {
      heading: 'Lower Your AWS Bill Without Slowing Down',
      text: 'Start with a free 30-minute call to walk through your current spend and where the first savings are likely to be.',
      label: 'Get an AWS Cost Review',
      href: '/contact',
    },
  },

  // 6. /solutions/cloud
  {
    path: '/solutions/cloud',
    title: 'Cloud Services',
    description:
      'Cloud services from Helixpoint across AWS, Azure and Google Cloud: infrastructure, security, storage and management for mid-size businesses, defined as code.',
    eyebrow: 'Multi-Cloud Services',
    lead: 'Helixpoint builds and runs cloud environments on AWS, Azure and Google Cloud. We cover the foundations growing businesses need: infrastructure, security, storage and day-to-day management, all defined as code.',
    backToHome: false,
    features: {
      heading: 'Our Cloud Services',
      intro: 'The building blocks of a dependable cloud platform, delivered together or one at a time.',
      cards: [
        {
          icon: 'Server',
          title: 'Cloud Infrastructure',
          description:
            'Design networks, compute and platforms on AWS, Azure or Google Cloud with Terraform, sized for today and ready for growth.',
          bullets: ['Landing zones and network design', 'Kubernetes and serverless platforms', 'High availability across zones'],
        },
        {
          icon: 'ShieldCheck',
          title: 'Cloud Security',
          description:
            'Protect workloads with central identity, encryption, posture management and threat detection mapped to your compliance needs.',
          bullets: [
            'Identity federation and least privilege',
            'Posture management against CIS benchmarks',
            'SOC 2 and HIPAA control mapping',
          ],
        },
        {
          icon: 'HardDrive',
          title: 'Cloud Storage',
          description:
            'Choose the right storage and backup design for each data set, balancing performance, durability, retention and cost.',
          bullets: ['Object, block and file storage design', 'Backup and disaster recovery plans', 'Lifecycle and archive policies'],
        },
        {
          icon: 'Settings2',
          title: 'Cloud Management',
          description: 'Keep environments healthy after go-live with monitoring, patching, cost control and a clear escalation path.',
          bullets: ['Monitoring with Datadog or native tools', 'Patch and change management', 'Monthly cost and health reports'],
        },
      ],
    },
    benefits: {
      heading: 'Why Choose Helixpoint Cloud Services',
      items: [
        {
          title: 'Cloud-Neutral Advice',
          description: 'We recommend AWS, Azure or Google Cloud based on your workloads, skills and contracts, not on a sales quota.',
        },
        {
          title: 'Infrastructure as Code',
          description: 'Every environment is defined in Terraform, so it can be reviewed, versioned and rebuilt on demand.',
        },
        {
          title: 'Security Built In',
          description: 'Identity, encryption and audit logging are configured with the first deployment, not added later.',
        },
        {
          title: 'Tested Recovery',
          description: 'Backups and failover are proven in restore drills instead of being configured and assumed to work.',
        },
        {
          title: 'Transparent Costs',
          description: 'Tagging and monthly reports show what each workload costs and where you can save.',
        },
        {
          title: 'Texas-Based Team',
          description: 'Engineers in Austin and Dallas work in your time zone and can meet with your team on site.',
        },
      ],
    },
    steps: {
      heading: 'How We Work',
      items: [
        {
          title: 'Assess',
          description:
            'We review your workloads, contracts and current environment. You receive a findings report and a recommended cloud platform.',
        },
        {
          title: 'Design',
          description:
            'We define the target architecture, security model and budget. You receive diagrams, a cost estimate and a delivery plan.',
        },
        {
          title: 'Build',
          description:
            'We deploy the environment in Terraform alongside your team. You receive a working platform, pipelines and documentation.',
        },
        {
          title: 'Run',
          description:
            'We monitor, patch and tune the platform, or hand it over to your team. You receive monthly reports and a named point of contact.',
        },
      ],
    },
    cta: {
      heading: 'Build on a Solid Cloud Foundation',
      text: 'Talk to a Helixpoint engineer about your workloads and the cloud services that fit them best.',
      label: 'Discuss Your Cloud Needs',
      href: '/contact',
    },
  },

  // 7. /solutions/cloud-migration
  {
    path: '/solutions/cloud-migration',
    title: 'Cloud Migration',
    description:
      'Cloud migration services from Helixpoint: assessment, migration planning, data migration and security implementation for moves to AWS, Azure or Google Cloud.',
    eyebrow: 'Cloud Migration',
    lead: 'We move applications, databases and file shares from on-premises servers or another provider to AWS, Azure or Google Cloud, with a tested plan, minimal downtime and your security controls intact.',
    backToHome: false,
    features: {
      heading: 'Our Migration Services',
      intro: 'Everything a migration needs, from the first inventory to a secured, validated target environment.',
      cards: [
        {
          icon: 'ScanSearch',
          title: 'Cloud Assessment',
          description: 'Inventory applications, servers and dependencies, then decide what to rehost, replatform, refactor or retire.',
          bullets: ['Automated discovery and dependency mapping', 'Cloud readiness score per application', 'Total cost of ownership model'],
        },
        {
          icon: 'Target',
          title: 'Migration Planning',
          description:
            'Group workloads into waves with owners, timelines, cutover windows and rollback criteria agreed before anything moves.',
          bullets: ['Wave plan and cutover calendar', 'Landing zone design', 'Risk register and rollback plans'],
        },
        {
          icon: 'Database',
          title: 'Data Migration',
          description:
            'Move databases and files with continuous replication and validation, so data is complete and consistent at cutover.',
          bullets: [
            'Replication with AWS DMS or Azure DMS',
            'Row-count and checksum validation',
            'Bulk transfer with DataSync or Data Box',
          ],
        },
        {
          icon: 'Lock',
          title: 'Security Implementation',
          description:
            'Configure identity, encryption, logging and network controls in the target cloud before any sensitive data arrives.',
          bullets: ['Single sign-on and least-privilege roles', 'Encryption with managed keys', 'HIPAA and SOC 2 control mapping'],
        },
      ],
    },
    benefits: {
      heading: 'Why Choose Helixpoint for Cloud Migration',
      items: [
        {
          title: 'Proven Wave Method',
          description: 'Workloads move in small, rehearsed waves, so one problem never stalls the whole program.',
        },
        {
          title: 'Minimal Downtime',
          description: 'Continuous replication keeps cutover windows short and scheduled around your business hours.',
        },
        {
          title: 'Rollback Ready',
          description: 'Source systems stay available until each workload passes validation and business sign-off.',
        },
        {
          title: 'Security from Day One',
          description: 'Access controls, encryption and audit logging are live before the first production workload moves.',
        },
        {
          title: 'Clear Cost Forecast',
          description: 'You see projected monthly cloud costs for each workload before approving its wave.',
        },
        {
          title: 'Knowledge Transfer',
          description: 'Your team pairs with ours throughout and receives runbooks for everything we build.',
        },
      ],
    },
    steps: {
      heading: 'Our Migration Process',
      items: [
        {
          title: 'Assessment',
          description:
            'We run discovery tools and interview application owners. You receive an inventory, a strategy for each workload and a cost model.',
        },
        {
          title: 'Planning',
          description:
            'We design the landing zone and sequence workloads into waves. You receive a wave plan, a cutover calendar and rollback criteria.',
        },
        {
          title: 'Execution',
          description:
            'We build the target environment and migrate each wave after a test run. You receive validated workloads and signed-off cutovers.',
        },
        {
          title: 'Optimization',
          description:
            'We rightsize resources, set up backups and decommission old servers. You receive a tuned environment and a handover pack.',
        },
      ],
    },
    cta: {
      heading: 'Ready to Move to the Cloud?',
      text: 'Book a free 30-minute consultation to review your environment and outline a realistic migration path.',
      label: 'Start Your Migration Journey',
      href: '/contact',
    },
  },

  // 8. /solutions/devops
  {
    path: '/solutions/devops',
    title: 'DevOps Solutions',
    description:
      'DevOps solutions from Helixpoint: CI/CD implementation, infrastructure as code with Terraform, Kubernetes orchestration and DevSecOps for growing teams.',
    eyebrow: 'DevOps Consulting',
    lead: 'We help engineering teams release faster and more safely with automated pipelines, infrastructure as code, container platforms and security checks built into every step of delivery.',
    backToHome: false,
    features: {
      heading: 'Our DevOps Services',
      intro: 'Practical automation for teams that want to ship more often without adding risk.',
      cards: [
        {
          icon: 'GitMerge',
          title: 'CI/CD Implementation',
          description:
            'Build pipelines that test, package and deploy every change automatically, with approvals and rollbacks where they matter.',
          bullets: ['GitHub Actions, GitLab CI or Jenkins', 'Automated tests and quality gates', 'Blue/green and canary releases'],
        },
        {
          icon: 'Code2',
          title: 'Infrastructure as Code',
          description:
            'Manage cloud resources as versioned code, reviewed in pull requests and applied through pipelines instead of consoles.',
          bullets: ['Terraform and OpenTofu modules', 'Pulumi or AWS CDK where it fits', 'Drift detection and policy as code'],
        },
        {
          icon: 'Container',
          title: 'Container Orchestration',
          description:
            'Run services on Kubernetes with autoscaling, GitOps deployments and sound defaults for networking, secrets and resource limits.',
          bullets: ['Amazon EKS, Azure AKS and Google GKE', 'Helm charts and Argo CD GitOps', 'Autoscaling and cost controls'],
        },
        {
          icon: 'ShieldCheck',
          title: 'DevSecOps',
          description:
            'Add security testing to the pipeline, so vulnerabilities, leaked secrets and misconfigurations are caught before production.',
          bullets: ['SAST, dependency and container scanning', 'Secret scanning and signed artifacts', 'Checks aligned with OWASP ASVS'],
        },
      ],
    },
    benefits: {
      heading: 'Why Choose Helixpoint for DevOps',
      items: [
        {
          title: 'Shorter Lead Times',
          description: 'Automated pipelines shorten the path from merged code to production from days of handoffs to a single run.',
        },
        {
          title: 'Fewer Failed Changes',
          description: 'Tests, quality gates and progressive delivery catch problems before your users do.',
        },
        {
          title: 'Consistent Environments',
          description: 'Infrastructure as code keeps development, staging and production aligned and reproducible.',
        },
        {
          title: 'Faster Recovery',
          description: 'Automated rollbacks and clear runbooks reduce the time needed to restore service after an incident.',
        },
        {
          title: 'Security Without Delays',
          description: 'Scans run inside the pipeline in minutes, so security review no longer blocks releases.',
        },
        {
          title: 'Measurable Progress',
          description: 'We track the four DORA metrics from day one, so improvement shows up in numbers.',
        },
      ],
    },
    steps: {
      heading: 'Our DevOps Process',
      items: [
        {
          title: 'Assessment',
          description:
            'We map your build, release and operations workflow. You receive baseline DORA metrics and a ranked list of bottlenecks.',
        },
        {
          title: 'Strategy',
          description: 'We choose tools and patterns that fit your team and stack. You receive a target architecture and a phased roadmap.',
        },
        {
          title: 'Implementation',
          description:
            'We automate a pilot service end to end, then roll out the pattern. You receive working pipelines, modules and documentation.',
        },
        {
          title: 'Optimization',
          description:
            'We tune pipeline speed, cloud costs and alerting with your team. You receive updated metrics and a plan for continued improvement.',
        },
      ],
    },
    cta: {
      heading: 'Release with Confidence',
      text: 'Book a free 30-minute consultation to discuss your release process and where automation will help most.',
      label: 'Start Your DevOps Journey',
      href: '/contact',
    },
  },

  // 9. /solutions/ai-ml
  {
    path: '/solutions/ai-ml',
    title: 'AI & Machine Learning Solutions',
    description:
      'AI and machine learning solutions from Helixpoint: custom ML models, AI automation, big data analytics and predictive analytics, built with PyTorch and MLOps.',
    eyebrow: 'AI & ML Solutions',
    lead: 'We build machine learning models, AI automation and analytics platforms that solve specific business problems, from demand forecasting to document processing, and we run them reliably in production.',
    backToHome: false,
    features: {
      heading: 'Our AI & ML Services',
      intro: 'Focused on measurable outcomes, built on your data and deployed in your own cloud account.',
      cards: [
        {
          icon: 'BrainCircuit',
          title: 'Machine Learning',
          description:
            'Design, train and evaluate custom models for classification, ranking, forecasting and anomaly detection on your own data.',
          bullets: ['PyTorch, scikit-learn and XGBoost', 'Experiment tracking with MLflow', 'Bias and performance evaluation'],
        },
        {
          icon: 'Bot',
          title: 'AI Automation',
          description:
            'Automate document handling, support triage and back-office tasks with language models and retrieval over your own content.',
          bullets: [
            'Document extraction and classification',
            'Retrieval-augmented generation assistants',
            'Human review for low-confidence results',
          ],
        },
        {
          icon: 'Database',
          title: 'Big Data Analytics',
          description: 'Bring scattered data into a governed platform where analysts and models can query it quickly and consistently.',
          bullets: ['Snowflake, Databricks or BigQuery', 'dbt transformations and data tests', 'Apache Spark for large-scale processing'],
        },
        {
          icon: 'LineChart',
          title: 'Predictive Analytics',
          description: 'Forecast demand, churn, risk and capacity, so teams can plan with numbers instead of guesses.',
          bullets: ['Demand and inventory forecasting', 'Churn and risk scoring', 'Dashboards with confidence ranges'],
        },
      ],
    },
    benefits: {
      heading: 'Why Choose Helixpoint for AI & ML',
      items: [
        {
          title: 'Business Case First',
          description: 'Every project starts with a measurable target, such as hours saved or forecast error reduced.',
        },
        {
          title: 'Production, Not Prototypes',
          description: 'Models ship with MLOps pipelines, monitoring and retraining rather than as one-off notebooks.',
        },
        {
          title: 'Your Data Stays Yours',
          description: 'We build inside your cloud account, and your data is never used to train third-party models.',
        },
        {
          title: 'Responsible AI',
          description: 'Evaluation covers accuracy, bias and failure cases, aligned with the NIST AI Risk Management Framework.',
        },
        {
          title: 'Explainable Results',
          description: 'Feature importance and plain-language reports help business users understand and trust model outputs.',
        },
        {
          title: 'Cost-Aware Design',
          description: 'We choose the smallest model that meets the target, which keeps inference costs predictable.',
        },
      ],
    },
    steps: {
      heading: 'Our AI Delivery Process',
      items: [
        {
          title: 'Assessment',
          description:
            'We review your data, systems and candidate use cases. You receive a data readiness report and a ranked list of opportunities.',
        },
        {
          title: 'Strategy',
          description:
            'We define success metrics, architecture and governance for the chosen use case. You receive a project plan and a business case.',
        },
        {
          title: 'Development',
          description:
            'We build and evaluate models in short iterations with your domain experts. You receive a validated model and an evaluation report.',
        },
        {
          title: 'Deployment',
          description:
            'We release the model behind an API or into your workflows, with monitoring. You receive production pipelines, dashboards and runbooks.',
        },
      ],
    },
    cta: {
      heading: 'Put Your Data to Work',
      text: 'Book a free 30-minute consultation to identify the AI use case with the clearest return for your business.',
      label: 'Start Your AI Journey',
      href: '/contact',
    },
  },

  // 10. /solutions/software-engineering
  {
    path: '/solutions/software-engineering',
    title: 'Software Engineering',
    description:
      'Software engineering at Helixpoint: custom web applications, APIs and internal tools, with disciplined version control and CI/CD built in from day one.',
    eyebrow: 'Custom Software',
    lead: 'We design and build web applications, APIs and internal tools with modern engineering practice: clean architecture, disciplined version control, automated testing and continuous delivery from the first sprint.',
    backToHome: true,
    features: {
      heading: 'How We Build Software',
      cards: [
        {
          icon: 'Code2',
          title: 'Custom Development',
          description:
            'Web applications, APIs and integrations built in TypeScript, Python, Go or .NET, designed around your workflows and your users.',
          bullets: ['React and Node.js front to back', 'Secure coding aligned with OWASP', 'Accessible, responsive interfaces'],
        },
        {
          icon: 'GitBranch',
          title: 'Version Control',
          description:
            'Git workflows with protected branches, required code review and signed commits keep every change traceable and reversible.',
          bullets: ['Trunk-based or GitFlow branching', 'Required reviews and CODEOWNERS', 'Semantic versioning and changelogs'],
        },
        {
          icon: 'Workflow',
          title: 'CI/CD',
          description:
            'Automated pipelines run tests, security scans and deployments on every merge, so releases become routine rather than risky.',
          bullets: ['GitHub Actions or GitLab CI', 'Unit, integration and end-to-end tests', 'Preview environments per pull request'],
        },
      ],
    },
    cta: {
      heading: 'Have Software to Build?',
      text: 'Tell us about the application you need. We will propose a scope, a team and a first milestone.',
      label: 'Discuss Your Project',
      href: '/contact',
    },
  },

  // 11. /solutions/data-engineering
  {
    path: '/solutions/data-engineering',
    title: 'Data Engineering',
    description:
      'Data engineering by Helixpoint: reliable data pipelines, analytics on Snowflake or BigQuery and big data processing with Spark, with tested, documented models.',
    eyebrow: 'Data Platforms',
    lead: 'We build reliable data pipelines and analytics platforms that turn raw operational data into trusted tables, dashboards and model features your teams can use every day.',
    backToHome: true,
    features: {
      heading: 'What We Build',
      cards: [
        {
          icon: 'Network',
          title: 'Data Pipeline',
          description:
            'Batch and streaming pipelines that ingest data from applications, SaaS tools and databases, with tests and alerts on every run.',
          bullets: ['Airflow, Dagster or AWS Glue', 'Change data capture with Debezium', 'Kafka and Kinesis streaming'],
        },
        {
          icon: 'BarChart3',
          title: 'Analytics',
          description:
            'Modeled, documented tables and dashboards that give every team the same definitions for revenue, customers and operations.',
          bullets: ['dbt models with data tests', 'Snowflake, BigQuery or Redshift', 'Power BI, Looker or Tableau dashboards'],
        },
        {
          icon: 'DatabaseZap',
          title: 'Big Data',
          description: 'Process terabytes of events, logs and sensor data efficiently with distributed engines and open table formats.',
          bullets: ['Apache Spark and Databricks', 'Apache Iceberg and Delta Lake', 'Partitioning and cost tuning'],
        },
      ],
    },
    cta: {
      heading: 'Turn Your Data into Decisions',
      text: 'Talk to a data engineer about your sources, your reporting gaps and the platform that fits them.',
      label: 'Talk to a Data Engineer',
      href: '/contact',
    },
  },

  // 12. /solutions/blockchain
  {
    path: '/solutions/blockchain',
    title: 'Blockchain Solutions',
    description:
      'Blockchain solutions from Helixpoint: audited smart contracts, DeFi integration reviews and Web3 applications, with key custody and compliance built in.',
    eyebrow: 'Enterprise Blockchain',
    lead: 'We help businesses evaluate, build and secure blockchain systems where a shared ledger genuinely fits, with independent code review, sound key custody and compliance requirements addressed from the start.',
    backToHome: true,
    features: {
      heading: 'Our Blockchain Services',
      cards: [
        {
          icon: 'FileCheck2',
          title: 'Smart Contracts',
          description:
            'Solidity contracts built on widely used, audited libraries, with thorough test suites and independent review before deployment.',
          bullets: ['OpenZeppelin-based contracts', 'Foundry tests and fuzzing', 'Static analysis and audit preparation'],
        },
        {
          icon: 'Scale',
          title: 'DeFi Solutions',
          description:
            'Integrations with decentralized finance protocols, scoped with risk reviews, transaction limits and clear compliance boundaries.',
          bullets: ['Protocol and counterparty risk reviews', 'Stablecoin payment and settlement flows', 'KYC and AML requirements mapped'],
        },
        {
          icon: 'Key',
          title: 'Web3',
          description:
            'Wallet connections, token-gated access and on-chain data in web applications, with private keys held in proper custody.',
          bullets: ['Wallet integration and signing flows', 'Custody with HSM or MPC providers', 'On-chain data indexing'],
        },
      ],
    },
    cta: {
      heading: 'Evaluate Blockchain with Clear Eyes',
      text: 'We will tell you plainly whether a ledger fits your use case, and how to build and secure it if it does.',
      label: 'Request a Blockchain Assessment',
      href: '/contact',
    },
  },

  // 13. /solutions/ai-trends
  {
    path: '/solutions/ai-trends',
    title: 'AI Trends',
    description:
      'AI trends from Helixpoint: applied AI research, predictive analytics and neural network advances explained, with guidance on what is ready for production today.',
    eyebrow: 'AI Insights',
    lead: 'We track research and tooling in artificial intelligence and translate it into practical guidance, so your team knows which advances are ready for production and which are still experiments.',
    backToHome: true,
    features: {
      heading: 'What We Track',
      cards: [
        {
          icon: 'GraduationCap',
          title: 'AI Research',
          description:
            'We review new papers, models and benchmarks, then test the promising ones on realistic business tasks before recommending them.',
          bullets: ['Model evaluations on your own data', 'Briefings on open and commercial models', 'Proof-of-concept sprints'],
        },
        {
          icon: 'TrendingUp',
          title: 'Predictive Analytics',
          description:
            'Modern forecasting combines classical statistics with machine learning. We help you choose the approach your data can support.',
          bullets: [
            'Time-series and foundation forecasting models',
            'Backtesting against current methods',
            'Uncertainty ranges for planning',
          ],
        },
        {
          icon: 'BrainCircuit',
          title: 'Neural Networks',
          description:
            'Transformers, vision models and small language models change what is practical to run in-house. We explain the trade-offs.',
          bullets: ['Fine-tuning versus retrieval decisions', 'Model compression and efficient inference', 'Evaluation and safety testing'],
        },
      ],
    },
    cta: {
      heading: 'Stay Ahead of AI Changes',
      text: 'Book a briefing on the AI developments most relevant to your industry and your systems.',
      label: 'Book an AI Briefing',
      href: '/contact',
    },
  },
];
