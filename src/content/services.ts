/**
 * The six service pages (/services/*), in the spec's order. Card titles and call-to-action
 * labels quote the spec exactly; the rest of the copy is ours.
 */
import type { DetailPage } from './types';

export const servicePages: readonly DetailPage[] = [
  {
    path: '/services/cyber-security',
    title: 'Cyber Security',
    description:
      'Cyber security services for mid-size businesses: threat detection, access control, encryption and identity protection, mapped to SOC 2, HIPAA and NIST CSF.',
    eyebrow: 'Security Services',
    lead: 'We find the gaps attackers look for first and close them with controls your team can run. Detection, access, encryption and identity work together, and every control maps to the frameworks your auditors and customers ask about.',
    backToHome: true,
    features: {
      heading: 'Core Capabilities',
      intro: 'Four layers of defense, built on the tools you already run in AWS, Azure or Google Cloud.',
      cards: [
        {
          icon: 'ShieldAlert',
          title: 'Threat Detection',
          description:
            'We centralize logs and alerts so real attacks stand out from the noise. Detections are tuned to your environment and mapped to MITRE ATT&CK.',
          bullets: [
            'SIEM tuning in Microsoft Sentinel or Splunk',
            'EDR rollout and alert triage',
            'Detection rules mapped to MITRE ATT&CK',
          ],
        },
        {
          icon: 'Lock',
          title: 'Access Control',
          description:
            'We apply least privilege across cloud accounts, servers and SaaS apps. Every permission has an owner, a reason and a review date.',
          bullets: ['Role-based access in AWS IAM and Entra ID', 'Quarterly access reviews', 'Just-in-time admin elevation'],
        },
        {
          icon: 'Key',
          title: 'Encryption',
          description:
            'We encrypt data at rest and in transit with keys you control. Key rotation and access are automated and logged for auditors.',
          bullets: ['AWS KMS, Azure Key Vault or Cloud KMS', 'TLS 1.2+ enforced on every endpoint', 'Automated key rotation'],
        },
        {
          icon: 'Fingerprint',
          title: 'Identity Protection',
          description:
            'We harden the accounts attackers target first, from executives to service principals. Risky sign-ins are flagged and blocked automatically.',
          bullets: ['Phishing-resistant MFA', 'Conditional access policies', 'Service account and secret hygiene'],
        },
      ],
    },
    benefits: {
      heading: 'Why Businesses Choose Our Security Team',
      items: [
        {
          title: 'Faster Detection and Response',
          description: 'Tuned alerts and written runbooks shorten the time between a suspicious event and a contained incident.',
        },
        {
          title: 'Audit-Ready Evidence',
          description: 'Controls are documented against SOC 2, HIPAA and ISO 27001, so audits draw on evidence you already have.',
        },
        {
          title: 'Smaller Attack Surface',
          description: 'We remove unused accounts, open ports and stale keys before an attacker can find them.',
        },
        {
          title: 'Right-Sized Controls',
          description: 'Controls fit the size of your team and budget, not a large enterprise playbook that nobody can maintain.',
        },
        {
          title: 'Clear Reporting',
          description: 'Monthly reports show risks closed, risks open and what comes next, in language your leadership can act on.',
        },
        {
          title: 'Knowledge Transfer',
          description: 'Your engineers work alongside ours and keep the runbooks, dashboards and skills when the engagement ends.',
        },
      ],
    },
    steps: {
      heading: 'How We Work',
      items: [
        {
          title: 'Assess',
          description:
            'We review your cloud accounts, endpoints and identities against the NIST Cybersecurity Framework and rank the gaps by risk.',
        },
        {
          title: 'Prioritize',
          description: 'Together we agree a roadmap that fixes the highest risks first and fits your budget and release schedule.',
        },
        {
          title: 'Implement',
          description: 'We deploy and configure the controls, test them against realistic attack scenarios and document each change.',
        },
        {
          title: 'Monitor and Improve',
          description: 'We track alerts, review incidents with your team and adjust controls as your systems and threats change.',
        },
      ],
    },
    cta: {
      heading: 'Protect What Your Business Depends On',
      text: 'Book a free 30-minute consultation and we will walk through your biggest security risks and the first steps to close them.',
      label: 'Secure Your Business',
      href: '/contact',
    },
  },
  {
    path: '/services/cloud-intelligence',
    title: 'Cloud Intelligence',
    description:
      'Cloud intelligence services: usage analytics, automated optimization, data processing and network insight that cut spend and keep AWS, Azure and GCP healthy.',
    eyebrow: 'Cloud Services',
    lead: 'Your cloud already produces the data you need to run it well. We turn metrics, logs and billing exports into decisions, then automate the routine ones so your environment stays fast, reliable and cost-efficient.',
    backToHome: true,
    features: {
      heading: 'What Cloud Intelligence Covers',
      intro: 'Four capabilities that turn cloud telemetry into action.',
      cards: [
        {
          icon: 'Gauge',
          title: 'Intelligent Optimization',
          description:
            'We analyze usage patterns and rightsize compute, storage and databases automatically. Savings plans and reserved capacity follow real demand.',
          bullets: [
            'Rightsizing from CloudWatch and Azure Monitor data',
            'Savings Plans and reservation planning',
            'Idle resource cleanup',
          ],
        },
        {
          icon: 'DatabaseZap',
          title: 'Data Processing',
          description:
            'We build pipelines that collect metrics, logs and billing data in one place. Teams query a single source of truth instead of five consoles.',
          bullets: [
            'Billing exports into Snowflake or BigQuery',
            'Stream processing with Kinesis or Pub/Sub',
            'Dashboards in Grafana or Looker',
          ],
        },
        {
          icon: 'Server',
          title: 'Infrastructure Management',
          description:
            'We manage your environments as code and watch them around the clock. Drift, failed deployments and capacity limits are caught early.',
          bullets: ['Terraform-managed environments', 'Datadog monitoring and alerting', 'Autoscaling policies for Kubernetes'],
        },
        {
          icon: 'Network',
          title: 'Network Intelligence',
          description:
            'We map traffic between services, regions and providers to find bottlenecks and waste. Data transfer costs and latency become visible and fixable.',
          bullets: ['VPC flow log analysis', 'Egress and cross-region cost tracking', 'Latency monitoring between services'],
        },
      ],
    },
    benefits: {
      heading: 'What You Gain',
      items: [
        {
          title: 'Lower Cloud Spend',
          description: 'Rightsizing and commitment planning typically remove a meaningful share of waste without touching performance.',
        },
        {
          title: 'Fewer Surprises',
          description:
            'Budget alerts and anomaly detection flag cost spikes and capacity limits before they reach your invoice or your users.',
        },
        {
          title: 'One View of Your Cloud',
          description: 'Engineering, finance and leadership read the same dashboards, built on the same data.',
        },
        {
          title: 'Better Performance',
          description: 'Latency and saturation metrics point to the services that need attention, so tuning effort goes where it matters.',
        },
        {
          title: 'Less Manual Work',
          description: 'Routine scaling, cleanup and reporting run on schedules and policies instead of tickets.',
        },
        {
          title: 'Multi-Cloud Ready',
          description: 'The same approach works across AWS, Azure and Google Cloud, so insights do not stop at a provider boundary.',
        },
      ],
    },
    steps: {
      heading: 'Our Approach',
      items: [
        {
          title: 'Connect',
          description: 'We connect read-only access to your cloud accounts, billing exports and monitoring tools.',
        },
        {
          title: 'Analyze',
          description: 'We baseline cost, performance and utilization, then list the opportunities with estimated impact for each.',
        },
        {
          title: 'Automate',
          description: 'We implement the agreed changes in Terraform and policy code, so every improvement is reviewed and repeatable.',
        },
        {
          title: 'Report',
          description: 'Monthly reviews track savings, reliability and open actions, and set priorities for the next cycle.',
        },
      ],
    },
    cta: {
      heading: 'See What Your Cloud Data Can Tell You',
      text: 'Book a free 30-minute consultation and we will review your cloud setup and point out the quickest wins.',
      label: 'Get Started',
      href: '/contact',
    },
  },
  {
    path: '/services/devsecops',
    title: 'DevSecOps',
    description:
      'DevSecOps services: automated CI/CD pipelines, security scanning, Terraform infrastructure as code and compliance automation built into every software release.',
    eyebrow: 'Secure Delivery',
    lead: 'Security works best when it runs with every commit, not at the end of a release. We build pipelines that test, scan and deploy your code automatically, so teams ship faster and auditors get evidence without extra work.',
    backToHome: true,
    features: {
      heading: 'Security Built Into Delivery',
      intro: 'Four practices that move security checks to the start of your pipeline.',
      cards: [
        {
          icon: 'Workflow',
          title: 'Automated Pipelines',
          description:
            'We build CI/CD pipelines that test, package and deploy every change the same way. Releases become routine instead of risky.',
          bullets: [
            'GitHub Actions, GitLab CI or Azure DevOps',
            'Blue-green and canary deployments',
            'Automated rollback on failed checks',
          ],
        },
        {
          icon: 'ScanSearch',
          title: 'Security Scanning',
          description:
            'We add code, dependency, container and secret scanning to every pull request. Findings reach developers while the fix is still cheap.',
          bullets: [
            'SAST and dependency scans with Semgrep and Snyk',
            'Container image scanning with Trivy',
            'Secret detection before merge',
          ],
        },
        {
          icon: 'Code2',
          title: 'Infrastructure as Code',
          description:
            'We define networks, clusters and permissions in version-controlled code. Every infrastructure change is reviewed, tested and repeatable.',
          bullets: ['Terraform modules and state management', 'Policy checks with Checkov and OPA', 'Drift detection and alerts'],
        },
        {
          icon: 'FileCheck2',
          title: 'Compliance Automation',
          description:
            'We turn compliance requirements into automated checks and stored evidence. Audit preparation takes days instead of weeks.',
          bullets: ['SOC 2 and ISO 27001 control mapping', 'Policy as code enforcement', 'Automatic evidence collection'],
        },
      ],
    },
    benefits: {
      heading: 'Why Adopt DevSecOps',
      items: [
        {
          title: 'Faster, Safer Releases',
          description: 'Automated checks replace manual gates, so teams can deploy several times a day with confidence.',
        },
        {
          title: 'Cheaper Fixes',
          description: 'Vulnerabilities found in a pull request cost far less to fix than those found in production.',
        },
        {
          title: 'Consistent Environments',
          description: 'Infrastructure as code keeps development, staging and production in step and removes manual configuration drift.',
        },
        {
          title: 'Continuous Compliance',
          description: 'Controls are checked on every change, so compliance is a daily state rather than an annual project.',
        },
        {
          title: 'Secure Supply Chain',
          description: 'Signed artifacts, pinned dependencies and SBOMs show exactly what runs in production.',
        },
        {
          title: 'Shared Ownership',
          description: 'Developers, operations and security work from the same pipeline, dashboards and rules.',
        },
      ],
    },
    steps: {
      heading: 'How We Implement DevSecOps',
      items: [
        {
          title: 'Pipeline Review',
          description: 'We map your current build, test and release process and identify manual steps and missing checks.',
        },
        {
          title: 'Design',
          description: 'We design the target pipeline, branching model and security gates, sized to your team and risk.',
        },
        {
          title: 'Build and Integrate',
          description: 'We implement the pipeline, scanners and Terraform modules, starting with one service and expanding from there.',
        },
        {
          title: 'Enable Your Team',
          description: 'We train your engineers, hand over runbooks and tune the rules until the signal is clean.',
        },
      ],
    },
    cta: {
      heading: 'Ship Secure Code on Every Release',
      text: 'Book a free 30-minute consultation to review your pipeline and plan the first security checks to automate.',
      label: 'Implement DevSecOps',
      href: '/contact',
    },
  },
  {
    path: '/services/identity-management',
    title: 'Identity Management',
    description:
      'Identity management services: multi-factor and biometric authentication, single sign-on and access control that protect every account without slowing users.',
    eyebrow: 'Identity and Access',
    lead: 'Most breaches start with a stolen or misused account. We design identity systems that verify every user and device, give people one secure sign-in, and keep access tied to the role someone actually holds.',
    backToHome: true,
    features: {
      heading: 'Identity Capabilities',
      intro: 'Four building blocks of a modern, zero trust identity program.',
      cards: [
        {
          icon: 'ShieldCheck',
          title: 'Multi-Factor Authentication',
          description:
            'We roll out MFA across workforce and customer accounts with minimal friction. Phishing-resistant methods protect admins and high-risk users.',
          bullets: ['FIDO2 security keys and passkeys', 'Authenticator apps and push approval', 'Risk-based step-up prompts'],
        },
        {
          icon: 'Fingerprint',
          title: 'Biometric Authentication',
          description:
            'We enable fingerprint and face sign-in through platform authenticators. Biometric data stays on the device and never reaches your servers.',
          bullets: ['Windows Hello and Apple Touch ID or Face ID', 'WebAuthn for web and mobile apps', 'Passwordless sign-in flows'],
        },
        {
          icon: 'Key',
          title: 'Single Sign-On',
          description:
            'We connect your applications to one identity provider. Users sign in once, and access ends everywhere when they leave.',
          bullets: ['Okta, Entra ID or Google Workspace', 'SAML and OpenID Connect integration', 'SCIM provisioning and deprovisioning'],
        },
        {
          icon: 'Lock',
          title: 'Access Control',
          description:
            'We define roles and policies so each person gets exactly the access their job requires. Changes are approved, logged and reviewed.',
          bullets: ['Role and attribute-based access', 'Privileged access management', 'Automated access certifications'],
        },
      ],
    },
    benefits: {
      heading: 'Benefits of Modern Identity',
      items: [
        {
          title: 'Fewer Account Takeovers',
          description: 'Strong authentication blocks the password reuse and phishing attacks behind most breaches.',
        },
        {
          title: 'Better User Experience',
          description: 'One sign-in and passwordless options mean fewer prompts, fewer resets and fewer help desk tickets.',
        },
        {
          title: 'Faster Onboarding',
          description: 'Automated provisioning gives new hires the right access on day one and removes it on their last day.',
        },
        {
          title: 'Zero Trust Foundation',
          description: 'Verified identities and device checks become the basis for every access decision.',
        },
        {
          title: 'Simpler Audits',
          description: 'Central logs and access reviews provide the evidence SOC 2, HIPAA and PCI DSS auditors request.',
        },
        {
          title: 'Central Control',
          description: 'Security teams manage policies in one place instead of across dozens of separate applications.',
        },
      ],
    },
    steps: {
      heading: 'Our Identity Roadmap',
      items: [
        {
          title: 'Discover',
          description: 'We inventory users, applications, service accounts and current sign-in methods.',
        },
        {
          title: 'Design',
          description: 'We design the identity architecture, role model and authentication policies for each user group.',
        },
        {
          title: 'Deploy',
          description: 'We integrate applications in waves, starting with the most sensitive, and support users through each change.',
        },
        {
          title: 'Govern',
          description: 'We set up access reviews, alerts and reporting so the system stays clean as your company grows.',
        },
      ],
    },
    cta: {
      heading: 'Make Every Sign-In Count',
      text: 'Book a free 30-minute consultation and we will assess your identity setup and recommend the next steps.',
      label: 'Enhance Your Security',
      href: '/contact',
    },
  },
  {
    path: '/services/data-protection',
    title: 'Data Protection',
    description:
      'Data protection services that encrypt sensitive records, control who can read them and keep you compliant with HIPAA, PCI DSS, GDPR and SOC 2 requirements.',
    eyebrow: 'Data Security',
    lead: 'Customer records, financial data and intellectual property need protection wherever they live. We locate sensitive data, encrypt it, limit who can reach it and prove compliance with the regulations your industry follows.',
    backToHome: true,
    features: {
      heading: 'Key Features',
      cards: [
        {
          icon: 'FileLock2',
          title: 'Data Encryption',
          description:
            'We encrypt data at rest, in transit and in backups using managed keys you control. Sensitive fields can be tokenized for extra protection.',
          bullets: [
            'AES-256 encryption at rest',
            'Key management with AWS KMS or Azure Key Vault',
            'Field-level encryption and tokenization',
          ],
        },
        {
          icon: 'Lock',
          title: 'Access Control',
          description:
            'We limit access to sensitive data by role, purpose and location. Every read of a protected record is logged and reviewable.',
          bullets: ['Least-privilege database and storage roles', 'Data access logging and alerts', 'Row and column-level security'],
        },
        {
          icon: 'Scale',
          title: 'Compliance',
          description:
            'We map your data controls to the regulations you must meet. Policies, evidence and reports are kept ready for auditors.',
          bullets: ['HIPAA, PCI DSS, GDPR and SOC 2 mapping', 'Data classification and retention policies', 'Audit-ready documentation'],
        },
      ],
    },
    benefits: {
      heading: 'Why Choose Us',
      items: [
        {
          title: 'Industry Experience',
          description: 'We work with healthcare, finance and retail teams that handle regulated data every day.',
        },
        {
          title: 'Practical Controls',
          description: 'Protection fits into your existing applications and workflows, without slowing your team down.',
        },
        {
          title: 'Tested Recovery',
          description: 'Encrypted, immutable backups are restored in regular drills, so recovery from ransomware is proven, not assumed.',
        },
        {
          title: 'Ongoing Support',
          description: 'We monitor controls, review access and update policies as regulations and your data change.',
        },
      ],
    },
    cta: {
      heading: 'Keep Sensitive Data Safe and Compliant',
      text: 'Book a free 30-minute consultation to discuss where your sensitive data lives and how to protect it.',
      label: 'Get Started with Data Protection',
      href: '/contact',
    },
  },
  {
    path: '/services/threat-intelligence',
    title: 'Threat Intelligence',
    description:
      'Threat intelligence services: proactive threat hunting, risk assessment and clear intelligence reports that show which attacks target your industry and systems.',
    eyebrow: 'Proactive Defense',
    lead: 'Knowing who targets your industry, and how, lets you defend before an attack lands. We combine threat feeds, your own telemetry and analyst judgment to find active threats and rank the risks that matter most.',
    backToHome: true,
    features: {
      heading: 'Key Features',
      cards: [
        {
          icon: 'Search',
          title: 'Threat Hunting',
          description:
            'Our analysts search your environment for attackers that automated tools missed. Each hunt starts from a hypothesis based on current threat activity.',
          bullets: [
            'Hypothesis-driven hunts mapped to MITRE ATT&CK',
            'Endpoint, identity and cloud log analysis',
            'New detections from every hunt',
          ],
        },
        {
          icon: 'Target',
          title: 'Risk Assessment',
          description:
            'We rank your assets and exposures by how likely they are to be attacked and what a breach would cost. Remediation effort goes to the top risks first.',
          bullets: ['External attack surface mapping', 'Vulnerability prioritization by exploitability', 'Business impact scoring'],
        },
        {
          icon: 'FileSearch',
          title: 'Intelligence Reports',
          description:
            'We deliver regular reports on threats relevant to your sector and technology stack. Each report ends with specific, prioritized actions.',
          bullets: ['Monthly sector threat briefings', 'Executive summaries for leadership', 'Indicators of compromise for your SIEM'],
        },
      ],
    },
    benefits: {
      heading: 'Why Choose Us',
      items: [
        {
          title: 'Advanced Analytics',
          description: 'We correlate threat feeds with your own logs and telemetry to surface the signals that matter to your business.',
        },
        {
          title: 'Real-time Monitoring',
          description: 'New indicators and attacker activity are tracked continuously and pushed to your detection tools as they appear.',
        },
        {
          title: 'Expert Analysis',
          description: 'Experienced analysts review every finding and explain what it means for your systems and what to do next.',
        },
      ],
    },
    cta: {
      heading: 'Stay Ahead of the Attackers',
      text: 'Book a free 30-minute consultation and learn which threats target your industry and how prepared you are.',
      label: 'Get Started with Threat Intelligence',
      href: '/contact',
    },
  },
];
