export interface NotFoundCopy {
  title: string;
  message: string;
  /** Where the main button leads back to. */
  back: { href: string; label: string };
}

const home = { href: '/', label: 'Return to Home' };

/** The not-found page's texts; the spec singles out unknown blog posts and solutions/ai-trends. */
export function notFoundCopy(pathname: string): NotFoundCopy {
  if (/^\/blog\/[^/]+\/?$/.test(pathname)) {
    return {
      title: 'Blog post not found',
      message: 'This article does not exist or has moved. Browse all our posts on cloud, security, DevOps and AI.',
      back: { href: '/blog', label: 'Return to blog' },
    };
  }
  if (pathname.includes('solutions/ai-trends')) {
    return {
      title: 'Page Not Found',
      message:
        'This AI Trends page is under development. Our research team is still writing it; in the meantime, explore our current AI work or get in touch.',
      back: home,
    };
  }
  return {
    title: 'Page Not Found',
    message: "The page you are looking for doesn't exist or has been moved. Check the address, or head back to familiar ground.",
    back: home,
  };
}
