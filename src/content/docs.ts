import type { DocsPage } from './types';

/** /docs: how Helixpoint works with clients in each practice. */
export const docsPage: DocsPage = {
  title: 'Documentation',
  description:
    'How Helixpoint delivers cloud, security, DevOps and AI & ML work: engagement models, reference architectures, standards, tools and onboarding checklists.',
  eyebrow: 'Resources',
  lead: 'Our public playbooks: how each practice runs an engagement, the architectures and standards we build on, what you receive, and what we need from you to start.',
  topics: [
    {
      id: 'cloud-solutions',
      title: 'Cloud Solutions',
      icon: 'Cloud',
      summary: 'How we plan, build and migrate to cloud foundations on AWS, Azure and Google Cloud, from landing zone to handover.',
      keywords: [
        'aws',
        'azure',
        'gcp',
        'landing zone',
        'terraform',
        'migration',
        'well-architected',
        'finops',
        'cost optimization',
        'networking',
      ],
      sections: [
        {
          heading: 'Engagement Model',
          paragraphs: [
            'Cloud engagements run in four phases. Discovery takes two to three weeks: we inventory applications, map dependencies, review current spend and agree on target architecture and success metrics. Foundation follows, where we build the landing zone your workloads will live in.',
            'Migration then moves workloads in waves of three to ten applications, each with a rehearsed cutover and rollback plan. The final phase, Optimize and Handover, tunes cost and performance and transfers ownership to your team through pairing and runbook walkthroughs.',
          ],
        },
        {
          heading: 'Reference Architecture',
          paragraphs: [
            'Our default landing zone is multi-account (or multi-subscription and multi-project) with guardrails applied centrally. On AWS we build on AWS Organizations and Control Tower; on Azure we follow the Cloud Adoption Framework landing zones; on Google Cloud we use the security foundations blueprint.',
          ],
          bullets: [
            'Separate accounts for production, non-production, shared services, logging and security tooling',
            'Hub-and-spoke networking with private connectivity, centralized egress and DNS',
            'Single sign-on through your identity provider, with role-based, time-bound access',
            'Organization-wide logging, encryption by default and preventive policy guardrails',
            'Mandatory tagging for owner, environment, cost center and data classification',
          ],
        },
        {
          heading: 'Standards and Tools',
          paragraphs: [
            'Every environment is defined in Terraform, stored in your Git repositories and deployed through a pipeline, never by hand in the console. Designs are reviewed against the AWS, Azure or Google Cloud Well-Architected Framework, and cost reporting follows FinOps Foundation practices, with budgets and anomaly alerts per team.',
            'For migrations we use the provider tools that fit each workload, such as AWS Application Migration Service, Azure Migrate and Database Migration Service, and we choose one of the "6 Rs" for every application before any data moves.',
          ],
        },
        {
          heading: 'Deliverables and Onboarding Checklist',
          paragraphs: [
            'You receive the architecture decision records, Terraform modules, network and account diagrams, a migration runbook per wave and a cost baseline with a 12-month forecast. To start discovery quickly, please prepare the following.',
          ],
          bullets: [
            'Read-only access to existing cloud accounts and billing data',
            'An application inventory or CMDB export, even if incomplete',
            'Named owners for networking, identity and each migrating application',
            'Compliance requirements such as HIPAA, PCI DSS or data residency rules',
            'Planned freeze windows and business-critical dates for the next two quarters',
          ],
        },
      ],
    },
    {
      id: 'security',
      title: 'Security',
      icon: 'ShieldCheck',
      summary:
        'How our security practice assesses risk, implements controls and prepares you for audits such as SOC 2, HIPAA and ISO 27001.',
      keywords: [
        'soc 2',
        'hipaa',
        'iso 27001',
        'nist',
        'pci dss',
        'penetration testing',
        'owasp',
        'threat modeling',
        'zero trust',
        'incident response',
      ],
      sections: [
        {
          heading: 'Engagement Model',
          paragraphs: [
            'Security work starts with a two- to four-week assessment covering your cloud configuration, identity, applications, endpoints and policies. We score findings by likelihood and business impact, then agree on a prioritized 90-day roadmap rather than a long list of everything that could be better.',
            "Implementation sprints close the highest risks first, usually identity hardening, logging coverage and secrets management. Clients preparing for an audit can continue into a readiness phase, where we collect evidence, run a mock audit and support you through the auditor's fieldwork.",
          ],
        },
        {
          heading: 'Frameworks We Align To',
          paragraphs: [
            'We map every control we implement to the frameworks your customers and regulators expect, so one piece of work produces evidence for several audits.',
          ],
          bullets: [
            'NIST Cybersecurity Framework 2.0 and NIST SP 800-53 for control design',
            'CIS Controls v8 and CIS Benchmarks for cloud and operating system hardening',
            'SOC 2 Trust Services Criteria and ISO/IEC 27001:2022',
            'HIPAA Security Rule for healthcare data and PCI DSS 4.0 for payment data',
            'OWASP ASVS and the OWASP Top 10 for application security',
          ],
        },
        {
          heading: 'Testing Methodology and Tools',
          paragraphs: [
            "Penetration tests follow the OWASP Web Security Testing Guide and PTES, combining automated scanning with manual testing by certified testers. Cloud posture is reviewed with tools such as Prowler and your provider's native security services, and application code is scanned with Semgrep and dependency analysis in your CI pipeline.",
            'Critical findings are reported to your security contact within 24 hours, not held for the final report. Every finding includes reproduction steps, affected assets and a concrete fix, and we retest remediated items at no extra cost within 60 days.',
          ],
        },
        {
          heading: 'Deliverables and Onboarding Checklist',
          paragraphs: [
            'Deliverables include an executive summary, a technical findings report, a control matrix mapped to your target frameworks, updated policies and an incident response playbook. Before testing starts we need the following.',
          ],
          bullets: [
            'A signed authorization letter and rules of engagement with in-scope assets',
            'A named security contact reachable during testing windows',
            'Test accounts for each application role, including an administrator',
            'Current policies, previous audit reports and any open findings',
            'An architecture diagram showing data flows for sensitive data',
          ],
        },
      ],
    },
    {
      id: 'devops',
      title: 'DevOps',
      icon: 'Workflow',
      summary:
        'How we measure delivery performance and build CI/CD pipelines, Kubernetes platforms and observability that your team can own.',
      keywords: [
        'ci/cd',
        'github actions',
        'kubernetes',
        'gitops',
        'argo cd',
        'dora metrics',
        'observability',
        'datadog',
        'opentelemetry',
        'sre',
        'devsecops',
      ],
      sections: [
        {
          heading: 'Engagement Model',
          paragraphs: [
            'Every DevOps engagement starts by measuring where you are. We baseline the four DORA metrics (deployment frequency, lead time for changes, change failure rate and time to restore service) and map the path of one change from commit to production to find the slowest steps.',
            'We then modernize one pilot service end to end, prove the improvement with the same metrics, and roll the pattern out to the rest of your portfolio as reusable templates. Typical engagements run 8 to 16 weeks, with weekly demos to your engineering leads.',
          ],
        },
        {
          heading: 'Reference Pipeline',
          paragraphs: [
            'Our default pipeline runs on GitHub Actions, with GitLab CI and Azure Pipelines supported where they are already in place. Deployments to Kubernetes use GitOps with Argo CD, so the state of every environment is visible and reversible in Git.',
          ],
          bullets: [
            'Build once, with cached dependencies and reproducible container images',
            'Unit, integration and contract tests on every pull request',
            'Static analysis, dependency and container scanning as required checks',
            'Signed images and provenance attestations aligned with SLSA',
            'Progressive delivery with canary releases and automatic rollback on failing health checks',
          ],
        },
        {
          heading: 'Platform and Observability Standards',
          paragraphs: [
            'Platforms run on managed Kubernetes (Amazon EKS, Azure AKS or Google GKE), with Helm charts, policy enforcement through OPA Gatekeeper or Kyverno, and secrets held in a managed vault rather than in repositories. Infrastructure is provisioned with Terraform through the same review process as application code.',
            'Services emit logs, metrics and traces through OpenTelemetry into Datadog, Grafana or your existing tool. We define service level objectives with your product owners and alert on error budget burn, not on raw CPU graphs, so on-call engineers are paged only for problems users feel.',
          ],
        },
        {
          heading: 'Deliverables and Onboarding Checklist',
          paragraphs: [
            'You receive pipeline templates, Terraform and Helm modules, dashboards, SLO definitions, on-call runbooks and a before-and-after DORA report. To start, please arrange the following.',
          ],
          bullets: [
            'Admin access to source control and the current CI/CD system',
            'A pilot service with an engaged owning team',
            'Access to cloud accounts and the existing monitoring tools',
            'Your release calendar, change approval rules and on-call rotation',
          ],
        },
      ],
    },
    {
      id: 'ai-ml',
      title: 'AI & ML',
      icon: 'BrainCircuit',
      summary:
        'How we take an AI use case from feasibility to a monitored production system, with evaluation and governance at every step.',
      keywords: [
        'machine learning',
        'mlops',
        'llm',
        'rag',
        'pytorch',
        'sagemaker',
        'vertex ai',
        'mlflow',
        'snowflake',
        'responsible ai',
        'forecasting',
      ],
      sections: [
        {
          heading: 'Engagement Model',
          paragraphs: [
            'AI engagements start with a one-week use-case workshop where we rank candidate ideas by business value, data readiness and risk. The chosen use case moves into a proof of value of three to six weeks, with success criteria agreed in writing before any model is trained.',
            'If the proof of value meets its targets, we build the production system: data pipelines, model serving, integration with your applications and monitoring. If it does not, you receive a clear report explaining why and what would need to change, which is a useful result too. After launch, an optional operate phase covers scheduled retraining and a monthly performance review with your team.',
          ],
        },
        {
          heading: 'Reference Architecture',
          paragraphs: [
            'For predictive models, data flows from your warehouse, such as Snowflake, BigQuery or Databricks, into versioned training datasets. Models are built with PyTorch, scikit-learn or XGBoost, tracked in MLflow and trained and served on Amazon SageMaker, Vertex AI or Azure Machine Learning.',
            "For generative AI assistants we use retrieval-augmented generation: documents are chunked and embedded into a vector store such as pgvector or OpenSearch, retrieval respects each user's existing permissions, and every answer cites its sources. Model endpoints run inside your cloud tenancy, and prompts and outputs are not used to train third-party models.",
          ],
        },
        {
          heading: 'Evaluation and Governance',
          paragraphs: [
            'We follow the NIST AI Risk Management Framework and document every model with a model card covering intended use, training data, limitations and evaluation results.',
          ],
          bullets: [
            'Held-out test sets and task-specific evaluation suites, rerun on every model change',
            'Drift, latency and cost monitoring in production with alert thresholds',
            'PII detection and redaction before data reaches a model',
            'Human review for high-impact decisions and a documented rollback path',
          ],
        },
        {
          heading: 'Deliverables and Onboarding Checklist',
          paragraphs: [
            'You receive the trained models, training and inference code, pipelines, evaluation reports, model cards and a monitoring dashboard. To begin, please prepare the following.',
          ],
          bullets: [
            'A business owner and the metric the use case should move',
            'Sample data or read access to the relevant sources',
            'Data classification and any privacy or retention constraints',
            'Subject matter experts available to label examples and review outputs',
          ],
        },
      ],
    },
  ],
};
