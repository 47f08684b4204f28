import { describe, expect, it } from 'vitest';
import { letterHtml, letterText } from './letter';

/* The letter as the candidate reads it (issue 54): the template's Markdown, the offer's values as plain text. */

const facts = {
  letter: '{{candidate_name}}\n\n{{bonus}}\n\n{{equity}}\n\n[Our site](https://helixpoint.example) <script>alert(1)</script>',
  candidateName: '[Click](javascript:alert(1))',
  positionTitle: 'Data Engineer',
  startDate: '2027-04-01',
  expiresOn: '2027-03-09',
  salary: 150000,
  currency: 'EUR',
  period: 'year' as const,
  bonus: '---',
  equity: 'R&amp;D shares',
  location: 'Berlin',
  reportingTo: '',
  senderName: 'Rita',
};

describe('the letter', () => {
  it('prints every value as typed: no link, rule or entity made of it; the template’s own HTML shown as text', () => {
    const html = letterHtml(letterText(facts));
    expect(html).toBe(
      '<p>[Click](javascript:alert(1))</p>\n<p>---</p>\n<p>R&amp;amp;D shares</p>\n' +
        '<p><a href="https://helixpoint.example" rel="noopener noreferrer nofollow">Our site</a> &lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    );
  });
});
