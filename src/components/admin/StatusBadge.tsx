import { Badge } from '@/components/ui/badge';
import { statusLabels, type ApplicationStatus } from '@/lib/applications/status';

const variants: Record<ApplicationStatus, 'neutral' | 'primary' | 'accent' | 'success' | 'destructive'> = {
  pending: 'neutral',
  reviewing: 'primary',
  interview: 'accent',
  offer: 'accent',
  hired: 'success',
  rejected: 'destructive',
  withdrawn: 'neutral',
};

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge variant={variants[status]}>{statusLabels[status]}</Badge>;
}
