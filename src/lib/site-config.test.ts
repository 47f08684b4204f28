import { describe, expect, it } from 'vitest';
import { officeLabel, siteConfig } from './site-config';

describe('siteConfig', () => {
  it('has the spec facts: founded 2024, Austin and Dallas offices, business hours', () => {
    expect(siteConfig.foundingYear).toBe(2024);
    expect(siteConfig.offices.map(officeLabel)).toEqual(['Austin, TX', 'Dallas, TX']);
    expect(siteConfig.offices.map((office) => office.focus)).toEqual(['Tech innovation hub', 'Business and enterprise solutions']);
    expect(siteConfig.businessHours).toBe('Mon-Fri 9:00 AM-6:00 PM CST');
    expect(siteConfig.social).toHaveLength(4);
  });

  it('uses only reserved contact data (.example addresses, 555-01xx numbers)', () => {
    for (const address of [siteConfig.email, siteConfig.careersEmail]) expect(address).toMatch(/@[a-z0-9-]+\.example$/);
    for (const phone of [siteConfig.phone, ...siteConfig.offices.map((office) => office.phone)].map((number) => number.display)) {
      expect(phone).toMatch(/555-01\d\d$/);
    }
    for (const number of [siteConfig.phone, ...siteConfig.offices.map((office) => office.phone)]) {
      expect(number.tel).toMatch(/^\+1\d{3}55501\d\d$/);
      // The dialled number is the displayed one.
      expect(number.tel.slice(2)).toBe(number.display.replace(/\D/g, ''));
    }
  });
});
