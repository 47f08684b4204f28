import { showToast } from '@/components/ui/toast';
import type { FlashToast } from '@/lib/flash';
import { errorToast } from '@/lib/forms';

/**
 * Runs an admin action and toasts the outcome: its success toast, or the server's message (spec:
 * "Admin action fails: toast with the server message"); a network failure is toasted the same
 * way and never left as an unhandled rejection. Resolves to whether it worked.
 */
export async function runAdminAction(
  call: () => Promise<{ error?: { message: string } | undefined }>,
  success?: FlashToast,
): Promise<boolean> {
  try {
    const { error } = await call();
    if (error) {
      showToast(errorToast(error.message));
      return false;
    }
    if (success) showToast(success);
    // The shell counts again (the navigation's new applications, the bell): workspace-shell.ts.
    document.dispatchEvent(new Event('workspace:changed'));
    return true;
  } catch (error) {
    showToast(errorToast((error as Error).message || 'The server could not be reached.'));
    return false;
  }
}
