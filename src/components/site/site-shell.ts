import { share } from '@/components/blog/share';
import { showFlashToasts } from '@/components/ui/toast';
import { enhanceAuthControls } from './auth-controls';
import { enhanceDesktopNav } from './desktop-nav';
import { goBack } from './go-back';
import { enhanceMobileMenu } from './mobile-menu';

/**
 * The one script of every page (BaseLayout), without React: the header's menus and auth
 * controls, the few one-button behaviours of content pages, and toasts waiting from the previous
 * page. Everything it enhances is rendered on the server by React components, which find their
 * behaviour here by data attributes (docs/decisions/015). Pages with real widgets add React
 * islands of their own.
 */

const header = document.querySelector<HTMLElement>('[data-site-header]');
if (header) {
  const desktopNav = header.querySelector<HTMLElement>('[data-desktop-nav]');
  const mobileMenu = header.querySelector<HTMLElement>('[data-mobile-menu]');
  if (desktopNav) enhanceDesktopNav(desktopNav);
  if (mobileMenu) enhanceMobileMenu(mobileMenu);
  enhanceAuthControls(header);
}

document.addEventListener('click', (event) => {
  const target = event.target as Element;
  if (target.closest('[data-go-back]')) goBack();
  const shareButton = target.closest<HTMLElement>('[data-share-url]');
  if (shareButton)
    void share({ title: shareButton.dataset.shareTitle ?? document.title, url: shareButton.dataset.shareUrl ?? location.href });
});

showFlashToasts();

// Tests and tools wait for this rather than guessing when the page became interactive.
document.documentElement.dataset.shell = 'ready';
