import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RadioGroupField } from './radio-group-field';

const registration = { name: 'role', onChange: async () => undefined, onBlur: async () => undefined, ref: () => undefined };
const roles = [
  { value: 'admin', label: 'Admin', description: 'Everything.' },
  { value: 'editor', label: 'Editor', description: 'The content.' },
];

describe('RadioGroupField', () => {
  it('checks the option a plain post gave back, each radio named by its label', () => {
    const genders = [
      { value: 'male', label: 'Male' },
      { value: 'female', label: 'Female' },
    ];
    const html = renderToStaticMarkup(
      <RadioGroupField id="gender" legend="Gender" options={genders} registration={registration} initialValue="female" />,
    );
    expect(html).toMatch(/<input type="radio" id="gender-1"[^>]* name="role" checked="" value="female"\/>Female<\/label>/);
    expect(html).toMatch(/<input type="radio" id="gender-0"[^>]* name="role" value="male"\/>Male<\/label>/);
    expect(html).not.toMatch(/aria-labelledby|aria-describedby/);
  });

  it('as cards, keeps the fieldset a group, names each radio by its label and describes it by its description', () => {
    const html = renderToStaticMarkup(
      <RadioGroupField id="invite-role" cards legend="Role" required options={roles} registration={registration} error="Choose a role" />,
    );
    expect(html).toMatch(/^<fieldset aria-invalid="true" aria-describedby="invite-role-error" class="flex flex-col gap-2">/);
    expect(html).not.toContain('role="radiogroup"');
    expect(html).not.toContain('aria-required');
    expect(html).toContain(
      '<legend class="mb-1 text-sm font-medium text-foreground">Role<span aria-hidden="true" class="ml-0.5 text-destructive">*</span></legend>',
    );
    expect(html).toMatch(
      /<input type="radio" id="invite-role-0" aria-labelledby="invite-role-0-label" aria-describedby="invite-role-0-description"[^>]* name="role" value="admin"\/>/,
    );
    expect(html).toContain('<span id="invite-role-0-label" class="font-medium">Admin</span>');
    expect(html).toContain('<span id="invite-role-0-description" class="text-muted-foreground">Everything.</span>');
    expect(html).toMatch(/<input type="radio" id="invite-role-1"[^>]* required=""/);
    expect(html).toContain('<p class="text-sm font-medium text-destructive" id="invite-role-error">Choose a role</p>');
    expect(html).not.toContain('aria-live');
  });
});
