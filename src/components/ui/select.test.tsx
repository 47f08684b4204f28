import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SelectField } from './select';

const options = [
  { value: 'd1', label: 'Engineering' },
  { value: 'd2', label: 'Security' },
];

describe('SelectField', () => {
  it('is a label tied to a named native select, which a plain GET form sends', () => {
    const html = renderToStaticMarkup(
      <SelectField
        id="filter-department"
        label="Department"
        className="sm:w-48"
        name="department"
        defaultValue="d2"
        placeholder="Any department"
        options={options}
      />,
    );
    expect(html).toMatch(
      /^<div class="flex flex-col gap-1.5 sm:w-48"><label class="text-sm font-medium text-foreground" for="filter-department">Department<\/label>/,
    );
    expect(html).toMatch(/<select class="[^"]*h-11 appearance-none pr-10" id="filter-department" name="department">/);
    expect(html).toContain('<option value="">Any department</option>');
    expect(html).toContain('<option value="d2" selected="">Security</option>');
    expect(html).not.toMatch(/ (aria-invalid|aria-describedby|required)=/);
  });

  it('describes the select by its hint and error, marks it invalid and required', () => {
    const html = renderToStaticMarkup(
      <SelectField id="reason" label="Reason" required hint="Why you write" error="Select a reason" name="reason" options={options} />,
    );
    expect(html).toContain('aria-describedby="reason-hint reason-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toMatch(/<select[^>]* required=""/);
    expect(html).toContain('<span aria-hidden="true" class="ml-0.5 text-destructive">*</span>');
    expect(html).toMatch(/<p[^>]*id="reason-error"[^>]*>Select a reason<\/p>/);
  });

  it('takes options as children too', () => {
    const html = renderToStaticMarkup(
      <SelectField id="country" label="Country">
        <option value="US">United States (+1)</option>
      </SelectField>,
    );
    expect(html).toContain('<select class="');
    expect(html).toContain('<option value="US">United States (+1)</option></select>');
  });
});
