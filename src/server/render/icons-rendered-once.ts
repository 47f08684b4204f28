import { createElement, Fragment, type ForwardRefRenderFunction, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * Lucide's icon component, rendered once for each icon and props on the server (issue 52).
 *
 * lucide-react builds every icon afresh on every render: its attributes merged from four objects,
 * its class names split, de-duplicated and joined, a React element made for each of its shapes.
 * The staff pages draw an icon or two in each row of their tables (143 on an admin's dashboard),
 * and this was 2-4 ms and hundreds of KB of garbage a request on pages whose tails are the garbage
 * collector's pauses. An icon drawn with the same props gives the same markup every time, so the
 * first render's is kept: the `<svg>` element with its shapes' markup inside (rendered by React
 * once, so the bytes are React's own). The browser's DOM is the one React's client expects, so
 * an island hydrates as before. Only a render without a ref, children or a LucideProvider's values,
 * and with props that are strings, numbers or booleans, is kept; any other is rendered as lucide
 * does. At most MAX_PER_ICON variants of one icon are kept.
 *
 * Used by the server build only (src/integrations/icons-rendered-once.ts wraps lucide's Icon with it).
 */

type IconRender = ForwardRefRenderFunction<SVGSVGElement, Record<string, unknown>>;

const MAX_PER_ICON = 32;

export function renderedOnce(render: IconRender, useContext: () => object | null | undefined): IconRender {
  const kept = new WeakMap<object, Map<string, ReactElement>>();
  const once: IconRender = (props, ref) => {
    const context = useContext();
    const icon = props.icon;
    const key = ref == null && props.children === undefined && isEmpty(context) ? keyOf(props) : null;
    if (key === null || typeof icon !== 'object' || icon === null) return render(props, ref);
    let variants = kept.get(icon);
    const known = variants?.get(key);
    if (known) return known;
    const element = render(props, null) as ReactElement<{ children?: unknown }>;
    if (!element || typeof element.type !== 'string') return element;
    const { children, ...attributes } = element.props;
    const whole = createElement(element.type, {
      ...attributes,
      dangerouslySetInnerHTML: { __html: renderToStaticMarkup(createElement(Fragment, null, children as never)) },
    });
    if (!variants) kept.set(icon, (variants = new Map()));
    if (variants.size < MAX_PER_ICON) variants.set(key, whole);
    return whole;
  };
  return once;
}

/** No provider's values (lucide's default context is an empty object): tested without making a list of keys on every icon. */
function isEmpty(context: object | null | undefined): boolean {
  for (const name in context) if (Object.hasOwn(context, name)) return false;
  return true;
}

/** What tells two renders of one icon apart, or null when a prop is not a plain value (kept as lucide renders it). */
function keyOf(props: Record<string, unknown>): string | null {
  let key = '';
  for (const name in props) {
    if (name === 'icon' || name === 'iconNode') continue;
    const value = props[name];
    if (value === undefined) continue;
    const kind = typeof value;
    if (kind !== 'string' && kind !== 'number' && kind !== 'boolean') return null;
    key += `${name}\u0000${kind[0]}${String(value)}\u0000`;
  }
  return key;
}
