import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';
import { Input } from './input';

function render(props: { error?: string; hint?: string; required?: boolean }) {
  return renderToStaticMarkup(
    <FormField id="email" label="Email" {...props}>
      {(control) => <Input {...control} type="email" />}
    </FormField>,
  );
}

describe('FormField', () => {
  it('ties the label to the control', () => {
    const html = render({});
    expect(html).toContain('for="email"');
    expect(html).toContain('id="email"');
    expect(html).not.toMatch(/ aria-invalid=/);
    expect(html).not.toMatch(/ aria-describedby=/);
  });

  it('marks the control invalid and describes it by the error', () => {
    const html = render({ error: 'Please enter a valid email address', hint: 'We reply here.' });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="email-hint email-error"');
    expect(html).toMatch(/<p[^>]*id="email-error"[^>]*>Please enter a valid email address<\/p>/);
    expect(html).toMatch(/<p[^>]*id="email-hint"[^>]*>We reply here.<\/p>/);
  });

  it('passes required to the control and shows a marker hidden from screen readers', () => {
    const html = render({ required: true });
    expect(html).toMatch(/<input[^>]*required=""/);
    expect(html).toContain('<span aria-hidden="true" class="ml-0.5 text-destructive">*</span>');
  });
});
