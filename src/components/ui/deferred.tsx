import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ComponentType } from 'react';

/**
 * A part of an island whose code loads when it is first used (docs/decisions/051). The form
 * islands' code (react-hook-form, zod, their rules and texts: 25-35 KB gzipped) is not needed to show
 * a form, only to check and send it; issue 36 holds every public page to 90 KB with React.
 *
 * The server renders the part as always. In the browser the island hydrates at once, but the part
 * stays server HTML (a Suspense boundary React leaves dehydrated while its code is loading), usable as
 * plain HTML: one can focus a field and type. The first focus, press, key or input inside it loads
 * the code; React then hydrates the part over the same elements (focus and caret stay where they
 * are). Meanwhile:
 * - what was typed is kept: the part's form reads it as its starting values (useTypedBeforeLoad),
 *   so react-hook-form does not put its defaults back over it;
 * - a press on a button, checkbox or radio (a submit button included, and the click the browser makes
 *   for Enter in a field) is held back and made again once the part works, so a form is never posted
 *   natively behind the island's back and a click is never lost;
 * - a file chosen is announced to the part again once it works, and a file dropped on it is held
 *   (the browser would open it in place of the page) and dropped again.
 * The element gets `data-deferred="loading"`, then `"ready"` (tests wait for it).
 */

type Values = Record<string, unknown>;

/** Reads what was typed into the part before its code loaded; {} once it has. */
const TypedBeforeLoad = createContext<(() => Values) | null>(null);

/**
 * The values typed into this part's fields before its code loaded (by field name, nested at dots as
 * react-hook-form names them), for the form's starting values; {} when nothing was typed or the part
 * was already working. Read once, on the first render.
 */
export function useTypedBeforeLoad(): Values {
  const read = useContext(TypedBeforeLoad);
  const [values] = useState(() => read?.() ?? {});
  return values;
}

/** Elements whose press does something only the part's code knows. */
const PRESSABLE = 'button, input[type="checkbox"], input[type="radio"], input[type="submit"], [role="button"], [role="tab"]';

/** What `root`'s fields hold that differs from the HTML they were served with. */
function typedValues(root: ParentNode): Values {
  const values: Values = {};
  const put = (name: string, value: unknown) => {
    const path = name.split('.');
    let at = values;
    for (const part of path.slice(0, -1)) at = (at[part] ??= {}) as Values;
    at[path.at(-1)!] = value;
  };
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
    'input[name], textarea[name], select[name]',
  )) {
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].some((option) => option.selected !== option.defaultSelected)) put(field.name, field.value);
    } else if (field instanceof HTMLInputElement && ['file', 'hidden', 'submit', 'button', 'reset', 'image'].includes(field.type)) {
      continue;
    } else if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked !== field.defaultChecked)
        put(field.name, field.checked && field.hasAttribute('value') ? field.value : field.checked);
    } else if (field instanceof HTMLInputElement && field.type === 'radio') {
      if (field.checked && !field.defaultChecked) put(field.name, field.value);
    } else if (field.value !== field.defaultValue) {
      put(field.name, field.value);
    }
  }
  return values;
}

/** Calls `onReady` once the part's code has loaded and React has taken over its elements. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/**
 * `load` gives the part's component (a dynamic import, so that its code is a file of its own);
 * `onServer` is the same component, imported on the server only (`import.meta.env.SSR`), which
 * renders it at once instead of streaming a fallback.
 */
export function deferUntilUsed<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onServer: ComponentType<P> | undefined,
): ComponentType<P> {
  let startLoading!: () => void;
  const used = new Promise<void>((resolve) => (startLoading = resolve));
  const Part: ComponentType<P> =
    onServer ??
    lazy(async () => {
      await used;
      return { default: await load() };
    });

  function Deferred(props: P) {
    const root = useRef<HTMLDivElement>(null);
    const ready = useRef(false);
    // What was done before the part's code was there, to be done again once it is.
    const held = useRef<{ press: HTMLElement | null; files: Set<HTMLInputElement>; drop: { target: Element; files: File[] } | null }>({
      press: null,
      files: new Set(),
      drop: null,
    });

    // On the document, in the capture phase: React stops an event aimed at a part it cannot hydrate
    // yet at the island's root, so a listener on the part itself would never hear it.
    useEffect(() => {
      const element = root.current;
      if (!element || ready.current) return;
      const inside = (event: Event) => event.target instanceof Node && element.contains(event.target);
      const begin = () => {
        startLoading();
        if (!ready.current) element.dataset['deferred'] = 'loading';
      };
      const start = (event: Event) => {
        if (inside(event) && !ready.current) begin();
      };
      const hold = (event: Event) => {
        if (!inside(event) || ready.current) return;
        begin();
        const target = event.target as Element;
        switch (event.type) {
          case 'click': {
            const pressed = target.closest<HTMLElement>(PRESSABLE);
            if (pressed) {
              event.preventDefault();
              held.current.press = pressed;
            }
            break;
          }
          case 'submit':
            event.preventDefault();
            break;
          // A file chosen, or dropped, before the code is there: given to it once it is.
          case 'change':
            if (target instanceof HTMLInputElement && target.type === 'file') held.current.files.add(target);
            break;
          case 'dragover':
            event.preventDefault();
            break;
          case 'drop':
            // The browser's own drop would open the file in place of the page.
            event.preventDefault();
            held.current.drop = { target, files: [...((event as DragEvent).dataTransfer?.files ?? [])] };
            break;
        }
      };
      const listeners = [
        ...(['focusin', 'pointerdown', 'keydown', 'input', 'dragenter'] as const).map((type) => [type, start] as const),
        ...(['click', 'submit', 'change', 'dragover', 'drop'] as const).map((type) => [type, hold] as const),
      ];
      for (const [type, listener] of listeners) document.addEventListener(type, listener, { capture: true });
      // Focused before the island hydrated (the contact page's "Send Us a Message" moves the focus
      // to a form that hydrates once it is on screen).
      if (element.contains(document.activeElement)) begin();
      return () => {
        for (const [type, listener] of listeners) document.removeEventListener(type, listener, { capture: true });
      };
    }, []);

    const readTyped = useCallback(() => (ready.current || !root.current ? {} : typedValues(root.current)), []);
    const onReady = useCallback(() => {
      ready.current = true;
      if (root.current) root.current.dataset['deferred'] = 'ready';
      const { press, files, drop } = held.current;
      held.current = { press: null, files: new Set(), drop: null };
      for (const input of files) if (input.isConnected) input.dispatchEvent(new Event('change', { bubbles: true }));
      if (drop?.target.isConnected) {
        const dataTransfer = new DataTransfer();
        for (const file of drop.files) dataTransfer.items.add(file);
        drop.target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
      }
      if (press?.isConnected) press.click();
    }, []);

    // A box of its own (not display: contents): Astro's client:visible watches the island's
    // elements for entering the screen, and an element without a box never does.
    return (
      <div ref={root}>
        <TypedBeforeLoad.Provider value={readTyped}>
          <Suspense fallback={null}>
            <Part {...props} />
            <Ready onReady={onReady} />
          </Suspense>
        </TypedBeforeLoad.Provider>
      </div>
    );
  }
  return Deferred;
}
