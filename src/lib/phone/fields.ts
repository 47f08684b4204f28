import { z } from 'zod/mini';

/**
 * What the forms with a phone number share, small enough for their first load: the country
 * field's rule and default, and how the phone's message names the chosen country. The country list
 * itself is server-rendered (./countries.ts) and the phone rules load on demand (./phone.ts).
 */

/** The spec's default country code, +1: the United States. */
export const DEFAULT_COUNTRY = 'US';

/** A country as the page's HTML describes it (the select's option): enough for the phone's hint and message. */
export interface CountryHint {
  /** "BR" */
  region: string;
  /** "Brazil" */
  name: string;
  /** "(11) 96123-4567", a mobile number written nationally. */
  example: string;
}

/**
 * The chosen country: an ISO code ("BR"), or a calling code ("+44") as the forms posted before
 * they offered every country; the default when none is sent. Whether it is a known one is checked
 * with the phone (./phone.ts).
 */
export const countryField = z._default(
  z.string().check(
    z.overwrite((value) => value.trim() || DEFAULT_COUNTRY),
    z.regex(/^(?:[A-Z]{2}|\+\d{1,3})$/, 'Please choose a country'),
  ),
  DEFAULT_COUNTRY,
);

/**
 * A phone number must be a valid number of the chosen country, or of the country its calling code
 * names when written with one (libphonenumber, ./phone.ts). Loaded when a number is first checked:
 * in the browser that keeps libphonenumber and its rules out of the forms' first load. The check is
 * asynchronous, so these schemas are parsed with parseAsync / safeParseAsync (react-hook-form's
 * resolver and Astro's actions do). An empty number is left to the field's own rule (required on the
 * apply form, optional on the contact form). A refinement of the whole form: it needs both fields.
 */
export const phoneRule = (message: string) =>
  z.refine(
    async (form: unknown) => {
      const { phone, country_code } = form as { phone: string; country_code: string };
      const { checkPhone } = await import('./phone.ts');
      return (await checkPhone(phone, country_code)) !== null;
    },
    {
      message,
      path: ['phone'],
      // Checked even while other fields are wrong, so the message shows as soon as the field is touched.
      when: ({ value }) => {
        const phone = (value as { phone?: unknown })?.phone;
        return typeof phone === 'string' && phone.trim() !== '';
      },
    },
  );

/** "Please enter a valid phone number for Brazil, like (11) 96123-4567": the spec's message first, then the chosen country's. */
export function phoneMessageFor(message: string, country: CountryHint): string {
  return `${message} for ${country.name}, like ${country.example}`;
}

/** The country of the select's chosen option, from what the server gave it: "Brazil (+55)", data-example. */
export function countryOfOption(select: HTMLSelectElement): CountryHint | null {
  const option = select.selectedOptions[0];
  const example = option?.dataset.example;
  return option && example !== undefined ? { region: option.value, name: option.text.replace(/ \(\+\d+\)$/, ''), example } : null;
}
