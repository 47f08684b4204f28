import { countries } from '@/lib/phone/countries';
import { SelectField, type SelectFieldProps } from './select';

/**
 * Set as the select's content in the browser: React leaves the content of such an element as the
 * server rendered it while hydrating, and never rewrites it since this object never changes.
 */
const SERVER_RENDERED = { __html: '' };

/**
 * The country of a phone number, a labelled select (SelectField): every country libphonenumber knows, the spec's 19 first
 * (lib/phone/countries.ts). The options are rendered on the server only, each with the example
 * number the phone field's hint and message use (data-example; read with countryOfOption): 245 countries cost the page's HTML, none of its script (decision 032). The
 * list module is only imported by the server's branch, which the browser's build drops.
 */
export function CountrySelect(props: Omit<SelectFieldProps, 'children' | 'dangerouslySetInnerHTML' | 'options' | 'placeholder'>) {
  return import.meta.env.SSR ? (
    <SelectField {...props}>
      {countries().map((country) => (
        <option key={country.region} value={country.region} data-example={country.example}>
          {country.label}
        </option>
      ))}
    </SelectField>
  ) : (
    <SelectField {...props} dangerouslySetInnerHTML={SERVER_RENDERED} suppressHydrationWarning />
  );
}
