import { toast } from '@/components/ui/toast';

/**
 * Runs an admin action and toasts the outcome: the spec's success text, or the server's message
 * (spec: "Admin action fails: toast with the server message"). Resolves to whether it worked.
 */
export async function runAdminAction(call: () => Promise<{ error?: { message: string } | undefined }>, success: string): Promise<boolean> {
  try {
    const { error } = await call();
    if (error) {
      toast.error('Error', { description: error.message });
      return false;
    }
    toast.success(success);
    return true;
  } catch (error) {
    toast.error('Error', { description: (error as Error).message || 'The server could not be reached.' });
    return false;
  }
}
