import { ArrowLeft } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

/** Returns to the previous page; a visitor who arrived here directly goes home instead. */
export function GoBackButton() {
  const goBack = () => {
    const cameFromThisSite = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
    if (cameFromThisSite && window.history.length > 1) window.history.back();
    else window.location.assign('/');
  };
  return (
    // buttonVariants rather than <Button>: keeps cn()/tailwind-merge out of this page's JavaScript.
    <button type="button" className={buttonVariants({ variant: 'outline', size: 'lg' })} onClick={goBack}>
      <ArrowLeft aria-hidden="true" />
      Go Back
    </button>
  );
}
