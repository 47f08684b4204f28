import { siGithub, siX, siYoutube } from 'simple-icons';
import type { SocialLink } from '@/lib/site-config';

// LinkedIn's mark is no longer distributed by simple-icons; this is a plain drawing of it.
const linkedinPath =
  'M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z';

const paths: Record<SocialLink['network'], string> = {
  linkedin: linkedinPath,
  github: siGithub.path,
  x: siX.path,
  youtube: siYoutube.path,
};

export function SocialIcon({ network, className }: { network: SocialLink['network']; className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      <path d={paths[network]} />
    </svg>
  );
}
