import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Insights } from '@/lib/insights/report';
import { InsightsView } from './InsightsView';

const cloud = '0b0e2a6c-5f3c-4b38-9a4e-2f1d3c4b5a69';
const old = '1c1f3b7d-6a4d-4c49-8b5f-3a2e4d5c6b7a';

/** Offers of one position, which is its department's only one (issue 54). */
const cloudOffers = {
  position: 'Cloud Engineer',
  department: 'Cloud',
  sent: 3,
  accepted: 2,
  declined: 1,
  closed: 0,
  open: 0,
  medianDaysToAnswer: 2.5,
  acceptance: 66.7,
};

const insights: Insights = {
  period: { days: 90, from: '2026-08-23', to: '2026-11-20' },
  positionId: null,
  summary: { boardViews: 1150, positionViews: 600, applications: 9, conversion: 1.5 },
  positions: [
    { id: cloud, title: 'Cloud Engineer', isActive: true, views: 560, applications: 8, conversion: 1.4 },
    { id: old, title: 'Old Role', isActive: false, views: 0, applications: 1, conversion: null },
  ],
  sources: [
    { source: 'linkedin.com', applications: 6 },
    { source: 'direct', applications: 3 },
  ],
  heardAbout: [
    { answer: 'LinkedIn', applications: 2 },
    { answer: null, applications: 7 },
  ],
  funnel: { applied: 9, reviewing: 6, interview: 4, offer: 1, hired: 1, rejected: 2 },
  timeToStage: [
    { status: 'reviewing', n: 6, medianDays: 2.5 },
    { status: 'interview', n: 4, medianDays: 6 },
    { status: 'offer', n: 1, medianDays: 6 },
    { status: 'hired', n: 1, medianDays: 10 },
    { status: 'rejected', n: 0, medianDays: null },
  ],
  scorecardTime: [{ interviewer: 'Ivo Interviewer', n: 3, medianHours: 4.5 }],
  rejections: [
    { position: 'Cloud Engineer', reason: 'Skills', stage: 'interview', n: 2 },
    { position: 'Old Role', reason: 'Skills', stage: 'pending', n: 1 },
    { position: 'Cloud Engineer', reason: 'Position filled', stage: 'offer', n: 1 },
  ],
  offers: {
    byPosition: [cloudOffers],
    byDepartment: [{ ...cloudOffers, position: null }],
    declines: [{ position: 'Cloud Engineer', department: 'Cloud', reason: 'Accepted <b>another</b> offer', declinedOn: '2026-11-02' }],
  },
};

const positions = [
  { id: cloud, title: 'Cloud Engineer', isActive: true },
  { id: old, title: 'Old Role', isActive: false },
];

const render = (props: Partial<Parameters<typeof InsightsView>[0]> = {}) =>
  renderToStaticMarkup(<InsightsView insights={insights} positions={positions} position={null} search="?period=90" {...props} />);

/** The text of the page, tags dropped, as a reader meets it. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('InsightsView, every position', () => {
  const html = render();

  it('keeps the period and position in a GET form, inactive positions marked', () => {
    const form = /<form [^>]*>/.exec(html)?.[0];
    expect(form).toContain('aria-label="Choose the reports"');
    expect(form).toContain('action="/admin/insights"');
    expect(form).toContain('method="get"');
    expect(html).toMatch(/<option value="90" selected="">Last 90 days<\/option>/);
    expect(html).toContain(`<option value="${old}">Old Role (inactive)</option>`);
    expect(text(html)).toContain(
      'All positions , the last 90 days: August 23, 2026 to November 20, 2026, both included, in US Central time.',
    );
  });

  it('shows the totals with the job board apart, and a row per position linking to its own report', () => {
    expect(text(html)).toContain('Job board views 1,150 Position page views 600 Applications 9 Conversion 1.5%');
    expect(html).toContain(`href="/admin/insights?period=90&amp;position=${old}"`);
    expect(text(html)).toContain('Old Role (inactive) Page views: 0 Applications: 1 Conversion: —');
  });

  it('draws each report as an image named by its numbers, with the numbers as a table under a disclosure', () => {
    const images = [...html.matchAll(/<svg role="img" aria-label="([^"]+)"/g)].map((match) => match[1]);
    expect(images).toEqual([
      'Applications per source, most first: linkedin.com 6, direct 3.',
      'Answers to “How did you hear about us?”, most first: LinkedIn 2, Not answered 7.',
      'Pipeline funnel: Applied 9, Reviewing 6 (66.7%), Interview 4 (44.4%), Offer 1 (11.1%), Hired 1 (11.1%); rejected 2.',
      'Median days to each status: Reviewing (n = 6) 2.5 days, Interview (n = 4) 6.0 days, Offer (n = 1) 6.0 days, Hired (n = 1) 10.0 days, Rejected (n = 0) —.',
      'Median hours to scorecard: Ivo Interviewer (n = 3) 4.5 hours.',
      'Offers sent per position: Cloud Engineer 3 sent, 2 accepted.',
      'Rejections per reason: Skills 3, Position filled 1.',
    ]);
    expect(html.match(/<summary[^>]*>Show the numbers<\/summary>/g)).toHaveLength(7);
    // Offers (issue 54): each position, then its department's totals; the candidates' reasons as text.
    expect(text(html)).toContain('Cloud Engineer Cloud 3 2 1 0 0 66.7% 2.5');
    expect(text(html)).toContain('All of the department Cloud 3 2 1 0 0 66.7% 2.5');
    expect(html).toContain('Accepted &lt;b&gt;another&lt;/b&gt; offer');
    expect(html).toContain('href="/api/admin/insights/offer-declines.csv?period=90"');
    // All positions: each reason and stage, the positions added up (the CSV has each position's).
    expect(html).toContain('Rejections per reason and stage, all positions');
    expect(text(html)).toContain('Skills Interview 2');
    expect(text(html)).toContain('Skills Pending 1');
    expect(text(html)).toContain('Position filled Offer 1');
    expect(text(html)).not.toContain('Old Role Skills');
    expect(text(html)).toContain('Rejected 2 22.2%');
    expect(text(html)).toContain('Rejected — 0');
  });

  it('links every report to its CSV for the same period and position, and the answers to their editor', () => {
    const csv = [...html.matchAll(/href="(\/api\/admin\/insights\/[^"]+)" download=""/g)].map((match) => match[1]);
    expect(csv).toEqual(
      ['summary', 'positions', 'sources', 'heard-about', 'funnel', 'time-to-stage', 'scorecard-time', 'offers', 'rejections'].map(
        (report) => `/api/admin/insights/${report}.csv?period=90`,
      ),
    );
    expect(html).toContain('<a href="/admin/insights/heard-about"');
    expect(text(html)).toContain('Edit the “How did you hear about us?” answers');
  });
});

describe('InsightsView, one position', () => {
  it('leaves out the job board and the table of positions', () => {
    const html = render({
      insights: { ...insights, positionId: cloud, summary: { ...insights.summary, boardViews: null }, positions: [insights.positions[0]!] },
      position: { id: cloud, title: 'Cloud Engineer' },
      search: `?period=90&position=${cloud}`,
    });
    expect(text(html)).toContain('Cloud Engineer , the last 90 days');
    expect(text(html)).toContain('Page views 600 Applications 9 Conversion 1.5%');
    expect(html).not.toContain('Job board views');
    expect(html).not.toContain('By position');
    // Someone who may not read offers (insights.read without offers.read) gets no offers report.
    expect(render({ insights: { ...insights, offers: null }, position: null, search: '?period=90' })).not.toContain('id="offers-heading"');
    expect(html).toContain(`/api/admin/insights/funnel.csv?period=90&amp;position=${cloud}`);
    // One position: its rejections per position, reason and stage.
    expect(html).toContain('Rejections per position, reason and stage');
    expect(text(html)).toContain('Cloud Engineer Skills Interview 2');
  });

  it('says so when the period has no applications, and draws nothing', () => {
    const html = render({
      insights: {
        ...insights,
        summary: { boardViews: 0, positionViews: 0, applications: 0, conversion: null },
        sources: [],
        heardAbout: [],
        funnel: { applied: 0, reviewing: 0, interview: 0, offer: 0, hired: 0, rejected: 0 },
        timeToStage: insights.timeToStage.map((row) => ({ ...row, n: 0, medianDays: null })),
        scorecardTime: [],
        rejections: [],
        offers: { byPosition: [], byDepartment: [], declines: [] },
      },
    });
    expect(html.match(/No applications in this period\./g)).toHaveLength(4);
    expect(text(html)).toContain('No booked interview of this period has a scorecard yet.');
    expect(text(html)).toContain('No offer was sent in this period.');
    expect(html).not.toContain('<svg role="img"');
    expect(text(html)).toContain('Conversion —');
  });
});
