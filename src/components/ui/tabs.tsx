import { createContext, useContext, useId, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import { segmentClassName } from './segment';

/**
 * Tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between tabs and show theirs, one tab
 * in the Tab order). Our own rather than Radix's: the contact page has to stay within 90 KB of
 * JavaScript (issue 36), and Radix's tabs brought its shared runtime (20 KB gzipped) along.
 */
interface TabsState {
  value: string;
  select: (value: string) => void;
  idOf: (part: 'tab' | 'panel', value: string) => string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('A tab outside <Tabs>.');
  return state;
}

export function Tabs({
  defaultValue,
  value: controlled,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'div'>, 'defaultValue'> & { defaultValue?: string; value?: string; onValueChange?: (value: string) => void }) {
  const [own, setOwn] = useState(defaultValue ?? '');
  const base = useId();
  const value = controlled ?? own;
  const select = (next: string) => {
    setOwn(next);
    onValueChange?.(next);
  };
  const idOf = (part: 'tab' | 'panel', of: string) => `${base}-${part}-${of}`;
  return (
    <TabsContext.Provider value={{ value, select, idOf }}>
      <div className={className} {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      className={cn('inline-flex items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground', className)}
      {...props}
    />
  );
}

/** Arrow keys, Home and End: the next, previous, first or last tab of the list, focused and shown. */
function moveAmongTabs(event: KeyboardEvent<HTMLButtonElement>) {
  const list = event.currentTarget.closest('[role="tablist"]');
  const tabs = [...(list?.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)') ?? [])];
  const at = tabs.indexOf(event.currentTarget);
  const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (at === -1 || next === undefined) return;
  event.preventDefault();
  const tab = tabs[(next + tabs.length) % tabs.length]!;
  tab.focus();
  tab.click();
}

export function TabsTrigger({ value, className, onClick, onKeyDown, ...props }: ComponentProps<'button'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.idOf('panel', value)}
      tabIndex={selected ? 0 : -1}
      data-state={selected ? 'active' : 'inactive'}
      onClick={(event) => {
        onClick?.(event);
        tabs.select(value);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        moveAmongTabs(event);
      }}
      className={cn(segmentClassName, className)}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div
      role="tabpanel"
      id={tabs.idOf('panel', value)}
      aria-labelledby={tabs.idOf('tab', value)}
      tabIndex={0}
      hidden={!selected}
      data-state={selected ? 'active' : 'inactive'}
      className={cn('mt-4 focus-visible:outline-3 focus-visible:outline-ring', className)}
      {...props}
    />
  );
}
