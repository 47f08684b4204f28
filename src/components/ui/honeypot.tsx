import type { Ref } from 'react';
import { HONEYPOT_FIELD } from '@/lib/honeypot';

/** A field people never see (display: none) and bots that fill every input do; its value goes with the form. */
export function Honeypot({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
  return (
    <div className="hidden">
      <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
      <input ref={inputRef} id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
