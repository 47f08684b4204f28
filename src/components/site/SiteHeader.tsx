import { AuthControls } from './AuthControls';
import { DesktopNav } from './DesktopNav';
import { Logo } from './Logo';
import { MobileMenu } from './MobileMenu';

export interface SiteHeaderProps {
  /** The current path, to mark the current page's link. */
  pathname: string;
}

// Rendered on the server only, on every page: the React runtime is not shipped for it. Its
// behaviour is the framework-free shell script (site-shell.ts, docs/decisions/015).
export function SiteHeader({ pathname }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-white" data-site-header>
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Logo />
        <DesktopNav pathname={pathname} />
        <div className="flex items-center gap-2">
          <AuthControls />
          <MobileMenu pathname={pathname} />
        </div>
      </div>
    </header>
  );
}
