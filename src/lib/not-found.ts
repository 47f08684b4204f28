export interface NotFoundCopy {
  title: string;
  message: string;
}

/** The not-found page's texts; the spec singles out paths under solutions/ai-trends. */
export function notFoundCopy(pathname: string): NotFoundCopy {
  if (pathname.includes('solutions/ai-trends')) {
    return {
      title: 'Page Not Found',
      message:
        'This AI Trends page is under development. Our research team is still writing it; in the meantime, explore our current AI work or get in touch.',
    };
  }
  return {
    title: 'Page Not Found',
    message: "The page you are looking for doesn't exist or has been moved. Check the address, or head back to familiar ground.",
  };
}
