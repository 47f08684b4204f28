import { ChevronDown } from 'lucide-react';
import { createContext, useContext, useId, useState, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * An accordion (WAI-ARIA accordion pattern: each question a button in a heading, its answer a region
 * it controls), one answer open at a time and the open one closable. Our own rather than Radix's:
 * the contact page has to stay within 90 KB of JavaScript (issue 36), and Radix's accordion brought
 * its shared runtime (20 KB gzipped) along.
 */
interface AccordionState {
  open: string | null;
  toggle: (value: string) => void;
}

const AccordionContext = createContext<AccordionState | null>(null);
const ItemContext = createContext<{ value: string; id: string } | null>(null);

function useItem() {
  const accordion = useContext(AccordionContext);
  const item = useContext(ItemContext);
  if (!accordion || !item) throw new Error('An accordion part outside <Accordion> and <AccordionItem>.');
  return { ...item, open: accordion.open === item.value, toggle: () => accordion.toggle(item.value) };
}

export function Accordion({
  defaultValue,
  type: _type = 'single',
  collapsible: _collapsible = true,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & { defaultValue?: string; type?: 'single'; collapsible?: boolean }) {
  const [open, setOpen] = useState<string | null>(defaultValue ?? null);
  return (
    <AccordionContext.Provider value={{ open, toggle: (value) => setOpen((current) => (current === value ? null : value)) }}>
      <div {...props} />
    </AccordionContext.Provider>
  );
}

export function AccordionItem({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const id = useId();
  const open = useContext(AccordionContext)?.open === value;
  return (
    <ItemContext.Provider value={{ value, id }}>
      <div data-state={open ? 'open' : 'closed'} className={cn('border-b border-border', className)} {...props} />
    </ItemContext.Provider>
  );
}

export function AccordionTrigger({
  className,
  children,
  headingLevel: Heading = 'h3',
  ...props
}: ComponentProps<'button'> & { headingLevel?: 'h2' | 'h3' | 'h4' }) {
  const item = useItem();
  return (
    <Heading className="flex">
      <button
        type="button"
        id={`${item.id}-trigger`}
        aria-expanded={item.open}
        aria-controls={`${item.id}-content`}
        data-state={item.open ? 'open' : 'closed'}
        onClick={item.toggle}
        className={cn(
          'group flex flex-1 items-center justify-between gap-4 rounded-md py-4 text-left text-base font-semibold transition-colors hover:text-primary focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
          className,
        )}
        {...props}
      >
        {children}
        <ChevronDown
          aria-hidden="true"
          className="size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-data-[state=open]:rotate-180"
        />
      </button>
    </Heading>
  );
}

export function AccordionContent({ className, children, ...props }: ComponentProps<'div'>) {
  const item = useItem();
  return (
    <div
      role="region"
      id={`${item.id}-content`}
      aria-labelledby={`${item.id}-trigger`}
      hidden={!item.open}
      data-state={item.open ? 'open' : 'closed'}
      className="text-sm text-muted-foreground"
      {...props}
    >
      <div className={cn('pb-4 leading-relaxed', className)}>{children}</div>
    </div>
  );
}
