import { describe, expect, it } from 'vitest';
import { defaultTemplates, fillPlaceholders, placeholderValuesFor } from './templates';

describe('a template filled for one candidate', () => {
  it('greets them by first name, names their position, the company and the sender; unknown placeholders stay visible', () => {
    const values = placeholderValuesFor(
      { fullName: '  Bea  Bulk ', positionTitle: 'Senior Cloud Engineer (AWS)' },
      'Rita Recruiter',
      'Helixpoint',
    );
    expect(fillPlaceholders(defaultTemplates.rejection.subject, values)).toBe('Your application for Senior Cloud Engineer (AWS)');
    const body = fillPlaceholders(defaultTemplates.rejection.body, values);
    expect(body).toMatch(/^Hello Bea,/);
    expect(body).toContain('Rita Recruiter');
    expect(body).not.toContain('{{');
    expect(fillPlaceholders('{{first_name}} {{nickname}}', values)).toBe('Bea {{nickname}}');
  });
});
