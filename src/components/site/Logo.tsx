import { siteConfig } from '@/lib/site-config';
import { clsx } from 'clsx';

/** The brand mark and word mark; a link home. */
export function Logo({ className, inverse = false }: { className?: string; inverse?: boolean }) {
  return (
    <a href="/" className={clsx('inline-flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" fill={inverse ? '#ffffff' : '#1849c6'} />
        <path
          d="M10 8c0 6 12 10 12 16M22 8c0 6-12 10-12 16"
          fill="none"
          stroke={inverse ? '#1849c6' : '#ffffff'}
          strokeLinecap="round"
          strokeWidth="2.5"
        />
        <path d="M12 13h8M12 19h8" stroke={inverse ? '#0e7c86' : '#7dd3e0'} strokeLinecap="round" strokeWidth="2" />
      </svg>
      <span className={inverse ? 'text-white' : 'text-foreground'}>{siteConfig.name}</span>
    </a>
  );
}
