import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { fillTemplate, fillTemplateGzip, parseTemplate, type TemplateSpec } from './page-template';

/*
 * A template filled straight into gzip (issue 36): the page's parts compressed once, a request's
 * values stored between them, and gzip's trailer for the whole; read back by zlib, whole or as a
 * stream, it is exactly the page filled as text.
 */

const spec: TemplateSpec = {
  sentinels: ['zzslot0', 'zzslot1'],
  encodings: [(value) => value, (value) => encodeURIComponent(value)],
  marker: 'zzslot',
};

const page = (size: number) => {
  const filler = Array.from({ length: size }, (_, index) => `<li>Position ${index}: Cloud engineer, Austin</li>`).join('');
  return Buffer.from(
    `<!doctype html><title>Jobs</title><ul>${filler}</ul><a href="/careers/apply/1?ref=zzslot0">Apply</a>` +
      `<input name="source" value="zzslot0"><a href="/x?c=${encodeURIComponent('zzslot1')}">x</a><p>end ${filler}</p>`,
  );
};

describe('fillTemplateGzip', () => {
  const template = parseTemplate(page(2000), spec)!;

  it('is the filled page, gzip-compressed, for every kind of value', () => {
    expect(template.holes).toHaveLength(3);
    for (const values of [
      ['linkedin.com', 'spring fair'],
      ['', null],
      [null, null],
      ['ünïcødé → 職業', 'a&b=c d'],
      // Longer than one stored block (65,535 bytes).
      ['x'.repeat(70_000), 'y'.repeat(3)],
    ] as (string | null)[][]) {
      const gz = fillTemplateGzip(template, values, spec.encodings);
      expect(gunzipSync(gz).equals(fillTemplate(template, values, spec.encodings))).toBe(true);
    }
  });

  it('reads as one stream too, chunk by chunk, as a browser reads it', async () => {
    const gz = fillTemplateGzip(template, ['indeed.com', 'fair'], spec.encodings);
    const gunzip = createGunzip();
    const chunks: Buffer[] = [];
    gunzip.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve, reject) => gunzip.on('end', resolve).on('error', reject));
    for (let at = 0; at < gz.length; at += 1000) gunzip.write(gz.subarray(at, at + 1000));
    gunzip.end();
    await ended;
    expect(Buffer.concat(chunks).toString()).toBe(fillTemplate(template, ['indeed.com', 'fair'], spec.encodings).toString());
  });

  it('compresses the page once: a filling costs no compression, and stays about as small', () => {
    const first = fillTemplateGzip(template, ['a.example', null], spec.encodings);
    const deflated = template.deflated;
    expect(deflated).toHaveLength(4);
    fillTemplateGzip(template, ['b.example', null], spec.encodings);
    expect(template.deflated).toBe(deflated);
    const whole = fillTemplate(template, ['a.example', null], spec.encodings);
    // Within a few per cent of compressing the whole filled page at once.
    expect(first.length).toBeLessThan(gunzipSync(first).length / 5);
    expect(first.length).toBeLessThan(gzipSync(whole, { level: 9 }).length * 1.05);
  });
});
