import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CountrySelect } from './country-select';
import { ErrorSummary, errorCountText } from './error-summary';
import { FormField } from './form-field';
import { Input } from './input';
import { RadioGroupField } from './radio-group-field';

const registration = { name: 'gender', onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined };

describe('a field in error (issue 27)', () => {
  it('is not a live region: the form announces one summary', () => {
    const html = renderToStaticMarkup(
      <FormField id="email" label="Email" error="Enter your email address">
        {(control) => <Input {...control} />}
      </FormField>,
    );
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('aria-live');
  });

  it('marks a radio group invalid on its fieldset (role radiogroup) and describes it by the error', () => {
    const html = renderToStaticMarkup(
      <RadioGroupField
        id="gender"
        legend="Gender"
        options={[
          { value: 'male', label: 'Male' },
          { value: 'female', label: 'Female' },
        ]}
        registration={registration}
        required
        error="Please select your gender"
      />,
    );
    expect(html).toMatch(/^<fieldset role="radiogroup" aria-invalid="true" aria-describedby="gender-error" aria-required="true"/);
    expect(html).toContain('<p class="text-sm font-medium text-destructive" id="gender-error">Please select your gender</p>');
    expect(html).toContain('id="gender-0"');
    expect(html).toContain('id="gender-1"');
    expect(html).not.toContain('aria-live');
    const valid = renderToStaticMarkup(<RadioGroupField id="gender" legend="Gender" options={[]} registration={registration} />);
    expect(valid).not.toMatch(/aria-invalid|aria-describedby/);
  });

  it('is listed in one summary with a link to its control', () => {
    expect(errorCountText(1)).toBe('1 field needs your attention');
    expect(errorCountText(3)).toBe('3 fields need your attention');
    const html = renderToStaticMarkup(
      <ErrorSummary
        items={[
          { id: 'first_name', label: 'First name', message: 'Enter your first name' },
          { id: 'gender-0', label: 'Gender', message: 'Please select your gender' },
        ]}
      />,
    );
    expect(html).toContain('role="group" aria-labelledby="error-summary-heading" tabindex="-1"');
    expect(html).toContain('>2 fields need your attention</h3>');
    expect(html).toContain('href="#first_name"');
    expect(html).toContain('>First name: Enter your first name</a>');
    expect(html).toContain('href="#gender-0"');
    expect(renderToStaticMarkup(<ErrorSummary items={[]} />)).toBe('');
  });
});

describe('the country select, rendered on the server', () => {
  it('has every country with its example, the chosen one selected', () => {
    const html = renderToStaticMarkup(<CountrySelect id="country_code" label="Country" name="country_code" defaultValue="BR" />);
    expect(html.match(/<option /g)).toHaveLength(245);
    expect(html).toContain('<option value="US" data-example="(201) 555-0123">United States (+1)</option>');
    expect(html).toContain('<option value="BR" data-example="(11) 96123-4567" selected="">Brazil (+55)</option>');
    // Escaped by React: "Antigua & Barbuda".
    expect(html).toContain('>Antigua &amp; Barbuda (+1)</option>');
  });
});
