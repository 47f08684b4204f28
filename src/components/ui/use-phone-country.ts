import { useState } from 'react';
import { countryOfOption, phoneMessageFor, type CountryHint } from '@/lib/phone/fields';

export interface PhoneCountryForm {
  /** The id of the country select (a CountrySelect). */
  selectId: string;
  /** The country the page was rendered with (its options are in the HTML only). */
  initial: CountryHint;
  /** The phone field's value now. */
  phone: () => string;
  /** Sets the select's value through the form. */
  choose: (region: string) => void;
  /** Checks the phone again when its rule changed with the country (once it was touched). */
  recheck: () => void;
}

/**
 * The country of a form's phone number: its hint and message follow the chosen country, and a
 * number typed with its calling code ("+55 11 …") chooses its country, which is said once to a
 * screen reader (`news`, for a status line). The phone rules load with the first such number.
 */
export function usePhoneCountry({ selectId, initial, phone, choose, recheck }: PhoneCountryForm) {
  const [country, setCountry] = useState(initial);
  const [news, setNews] = useState('');
  const select = () => document.getElementById(selectId) as HTMLSelectElement | null;

  /** After the select changed: its country's hint, and the phone checked again. */
  const followSelect = () => {
    const chosen = select();
    const hint = chosen && countryOfOption(chosen);
    if (hint) setCountry(hint);
    recheck();
  };

  /** After the phone changed: a number written with its calling code chooses its country. */
  const followPhone = async (value: string) => {
    if (!/^\s*(\+|00)/.test(value)) return;
    const { countryOfNumber } = await import('@/lib/phone/phone');
    const chosen = select();
    const region = chosen && (await countryOfNumber(value, chosen.value));
    // Nothing to do, or the number changed again meanwhile (its own check decides then).
    if (!chosen || !region || region === chosen.value || phone() !== value) return;
    choose(region);
    followSelect();
    setNews(`Country code changed to ${chosen.selectedOptions[0]?.text ?? region}`);
  };

  /** "Please enter a valid phone number for Brazil, like (11) 96123-4567" for the spec's message; other messages as they are. */
  const messageOf = (error: string | undefined, specMessage: string) => (error === specMessage ? phoneMessageFor(error, country) : error);

  return { country, news, followSelect, followPhone, messageOf };
}
