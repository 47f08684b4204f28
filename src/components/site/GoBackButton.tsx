import { ArrowLeft } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

/** Returns to the previous page (wired by the shell script, go-back.ts); a visitor who arrived here directly goes home instead. */
export function GoBackButton() {
  return (
    <button type="button" data-go-back className={buttonVariants({ variant: 'outline', size: 'lg' })}>
      <ArrowLeft aria-hidden="true" />
      Go Back
    </button>
  );
}
