import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { letterSha256, renderOfferPdf, type OfferLetter, type SignatureCertificate } from './pdf.ts';

/**
 * The offer letter's PDF (issue 54), read back with pdf.js as a reader would: the letter's text,
 * its footers, the certificate of acceptance with a Unicode name, the same bytes for the same
 * input, and hostile letters that render quickly instead of taking the server down.
 */

const markdown = [
  'Dear Łukasz,',
  '',
  'We are delighted to offer you the position of **Senior Data Engineer** at Helixpoint. This letter sets out the terms of our offer.',
  '',
  '## The terms',
  '',
  '- **Start date:** 1 June 2026',
  '- **Salary:** EUR 150,000 per year',
  '- **Reporting to:** Zoë O’Brien-Ångström',
  '',
  '1. Read this letter.',
  '2. Sign it on your [application page](https://helixpoint.example/applications/7f3c).',
  '',
  'You will work with Дмитрий and Γιώργος. <b>Not bold</b>',
  '',
  'Kind regards,',
].join('\n');

const letter: OfferLetter = {
  company: 'Helixpoint',
  title: 'Offer of employment: Senior Data Engineer',
  markdown,
  reference: 'Offer 2 of application 7f3c9a1e',
  issuedAt: new Date('2026-05-01T09:30:00Z'),
};

const certificate: SignatureCertificate = {
  signedName: 'Łukasz Żółć',
  candidateEmail: 'lukasz@example.test',
  signedAt: new Date('2026-05-04T13:22:09Z'),
  ipAddress: '203.0.113.42',
  letterSha256: letterSha256(markdown),
  offerId: '0b6f6d4e-1c2a-4e7b-9a51-3d0c5f1e2a77',
  version: 2,
};

/**
 * The PDF opened as the resume reader opens one (a plain Uint8Array: pdf.js refuses Buffers; no
 * fonts, no warnings), given to read, then closed.
 */
async function readPdf<T>(pdf: Buffer, read: (document: PDFDocumentProxy) => Promise<T>): Promise<T> {
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  try {
    return await read(await task.promise);
  } finally {
    await task.destroy();
  }
}

/** Each page's text, blanks and line ends read as one space. */
function pageTexts(pdf: Buffer): Promise<string[]> {
  return readPdf(pdf, async (document) => {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text.replace(/\s+/g, ' '));
    }
    return pages;
  });
}

describe('the offer letter’s PDF', () => {
  it('prints the company, the title, the letter’s paragraphs, headings, list items and links, with raw HTML as text', async () => {
    const pdf = await renderOfferPdf(letter);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [first] = await pageTexts(pdf);
    expect(first).toMatch(/^Helixpoint Offer of employment: Senior Data Engineer Dear Łukasz,/);
    expect(first).toContain(
      'We are delighted to offer you the position of Senior Data Engineer at Helixpoint. This letter sets out the terms of our offer.',
    );
    expect(first).toContain('The terms');
    expect(first).toContain('• Start date: 1 June 2026');
    expect(first).toContain('• Reporting to: Zoë O’Brien-Ångström');
    expect(first).toContain('1. Read this letter.');
    expect(first).toContain('2. Sign it on your application page (https://helixpoint.example/applications/7f3c).');
    expect(first).toContain('You will work with Дмитрий and Γιώργος. <b>Not bold</b>');
  });

  it('puts the reference and "Page N of M" in every page’s footer', async () => {
    const long = { ...letter, markdown: Array.from({ length: 150 }, (_, index) => `Paragraph ${index + 1} of the letter.`).join('\n\n') };
    const pages = await pageTexts(await renderOfferPdf(long));
    expect(pages.length).toBeGreaterThan(2);
    pages.forEach((text, index) =>
      expect(text).toMatch(new RegExp(`Offer 2 of application 7f3c9a1e Page ${index + 1} of ${pages.length}$`)),
    );
    // Nothing is lost at the page breaks: every paragraph is printed once, in order.
    const numbers = pages
      .join(' ')
      .match(/Paragraph \d+ /g)
      ?.map((match) => Number(match.slice(10)));
    expect(numbers).toEqual(Array.from({ length: 150 }, (_, index) => index + 1));
  });

  it('keeps the title, author, producer and dates the letter gives it', async () => {
    const { info } = await readPdf(await renderOfferPdf(letter), (document) => document.getMetadata());
    expect(info).toMatchObject({
      Title: 'Offer of employment: Senior Data Engineer',
      Subject: 'Offer 2 of application 7f3c9a1e',
      Producer: 'Helixpoint offers',
      Creator: 'Helixpoint offers',
      CreationDate: 'D:20260501093000Z',
      ModDate: 'D:20260501093000Z',
    });
  });

  it('ends, with a certificate, on one more page: the certificate of acceptance with every field', async () => {
    const plainPages = await pageTexts(await renderOfferPdf(letter));
    const sealedPages = await pageTexts(await renderOfferPdf(letter, certificate));
    expect(sealedPages.length).toBe(plainPages.length + 1);
    const last = sealedPages.at(-1)!;
    expect(last).toMatch(/^Certificate of acceptance /);
    expect(last).toContain('Signed name Łukasz Żółć ');
    expect(last).toContain('Candidate e-mail lukasz@example.test ');
    expect(last).toContain('Signed at (UTC, ISO 8601) 2026-05-04T13:22:09.000Z ');
    expect(last).toContain('IP address 203.0.113.42 ');
    expect(last).toContain('Offer 0b6f6d4e-1c2a-4e7b-9a51-3d0c5f1e2a77 ');
    expect(last).toContain('Offer version 2 ');
    expect(last).toContain(`Letter SHA-256 ${letterSha256(markdown)} `);
    expect(last).toContain('SHA-256 was computed over the text of the letter as it was sent to the candidate');
    expect(last).toContain(`Page ${sealedPages.length} of ${sealedPages.length}`);
    // The letter's own pages are the same text, only their page count changed.
    expect(sealedPages.slice(0, -1).map((text) => text.replace(/Page \d+ of \d+/, ''))).toEqual(
      plainPages.map((text) => text.replace(/Page \d+ of \d+/, '')),
    );
  });

  it('is the same bytes for the same input, and other bytes when the letter or its time differs', async () => {
    const first = await renderOfferPdf(letter, certificate);
    const second = await renderOfferPdf({ ...letter }, { ...certificate });
    expect(second.equals(first)).toBe(true);
    expect((await renderOfferPdf(letter)).equals(await renderOfferPdf(letter))).toBe(true);
    expect((await renderOfferPdf({ ...letter, markdown: `${markdown}.` }, certificate)).equals(first)).toBe(false);
    expect((await renderOfferPdf({ ...letter, issuedAt: new Date('2026-05-01T09:30:01Z') }, certificate)).equals(first)).toBe(false);
  });

  it('refuses an issue or signing time that is not a date', async () => {
    await expect(renderOfferPdf({ ...letter, issuedAt: new Date('not a date') })).rejects.toThrow(TypeError);
    await expect(renderOfferPdf(letter, { ...certificate, signedAt: new Date(Number.NaN) })).rejects.toThrow(TypeError);
  });
});

describe('letterSha256', () => {
  it('is the hex SHA-256 of the Markdown as UTF-8, as sha256sum computes it', () => {
    // printf '%s' 'The quick brown fox jumps over the lazy dog' | sha256sum
    expect(letterSha256('The quick brown fox jumps over the lazy dog')).toBe(
      'd7a8fbb307d7809469ca9abcb0082e4f8d5651e46d3cdb762d02d0bf37c9e592',
    );
    // printf 'Dear Łukasz Żółć,\n\n**Дмитрий**' | sha256sum
    expect(letterSha256('Dear Łukasz Żółć,\n\n**Дмитрий**')).toBe('49f921cb5ef9e9f56acf29589f1d0b711282abce63359b13d0aca3f54e9acb38');
    expect(letterSha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('a hostile letter', () => {
  // Every C0 control but tab, newline and carriage return (which are line ends and blanks in Markdown).
  const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code))
    .filter((character) => !'\t\n\r'.includes(character))
    .join('');
  const cases: { name: string; markdown: string; check: (text: string, pages: string[]) => void }[] = [
    {
      name: '20,000 characters of one unbroken word',
      markdown: 'x'.repeat(20_000),
      check: (text) => expect(text.replace('Helixpoint', '').match(/x/g)?.length).toBe(20_000),
    },
    {
      name: '2,000 lines of "- item"',
      markdown: '- item\n'.repeat(2_000),
      check: (text, pages) => {
        expect(text.match(/• item/g)?.length).toBe(2_000);
        expect(pages.length).toBeGreaterThan(20);
      },
    },
    {
      name: 'quotes 500 deep',
      markdown: `${'> '.repeat(500)}deep\n\nAfter the quotes.`,
      // markdown-it leaves out what is nested past 100 levels, as the letter's HTML preview does.
      check: (text) => expect(text).toMatch(/^Helixpoint Offer After the quotes\. /),
    },
    {
      name: 'lists 500 deep',
      markdown: Array.from({ length: 500 }, (_, depth) => `${'  '.repeat(depth)}- level ${depth}`).join('\n'),
      check: (text) => expect(text).toMatch(/^Helixpoint Offer • level 0 • level 1 • level 2 /),
    },
    {
      name: 'control characters',
      markdown: `before${controls}after\u007f\u0085 end`,
      check: (text) => {
        expect(text).toContain('beforeafter end');
        // eslint-disable-next-line no-control-regex -- control characters are what must be gone
        expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      },
    },
    {
      name: 'lone surrogates',
      markdown: `a\ud800b\udc00c ${'\ud83d'.repeat(100)} end`,
      check: (text) => expect(text).toContain('a\ufffdb\ufffdc'),
    },
    {
      name: 'right-to-left text',
      markdown: 'שלום עולם and مرحبا بالعالم, with \u202eoverride\u202c marks. '.repeat(300),
      check: (text) => expect(text).toContain('and'),
    },
    {
      name: 'a <script> tag',
      markdown: '<script>alert("offer")</script>\n\n<img src=x onerror=alert(1)>',
      check: (text) => expect(text).toContain('<script>alert("offer")</script> <img src=x onerror=alert(1)>'),
    },
    {
      name: 'characters the font lacks (CJK, emoji)',
      markdown: '漢字かな 👍🏽 and text. '.repeat(500),
      check: (text) => expect(text).toContain('and text.'),
    },
    {
      name: '20,000 accents on one letter',
      markdown: `e${'\u0301'.repeat(19_999)} end`,
      check: (text) => expect(text).toContain('end'),
    },
    {
      name: 'a fence of 20,000 blank lines',
      markdown: `\`\`\`\n${'\n'.repeat(20_000)}text\n\`\`\``,
      check: (text, pages) => {
        expect(text).toContain('text');
        expect(pages).toHaveLength(1);
      },
    },
    {
      name: 'a table 3,000 columns wide',
      markdown: `|${'a|'.repeat(3_000)}\n|${'-|'.repeat(3_000)}\n|${'b|'.repeat(3_000)}`,
      check: (text) => expect(text).toContain('a | a | a'),
    },
    {
      name: '10,000 unmatched brackets and stars',
      markdown: `${'['.repeat(5_000)}${'*'.repeat(5_000)}`,
      check: (text) => expect(text.match(/\[/g)?.length).toBe(5_000),
    },
  ];

  it.each(cases)('renders quickly: $name', async ({ markdown: hostile, check }) => {
    const started = performance.now();
    const pdf = await renderOfferPdf({ ...letter, title: 'Offer', markdown: hostile }, certificate);
    const elapsed = performance.now() - started;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(elapsed).toBeLessThan(2_000);
    const pages = await pageTexts(pdf);
    expect(pages.at(-1)).toMatch(/^Certificate of acceptance /);
    check(pages.slice(0, -1).join(' '), pages.slice(0, -1));
  });
});
