import { Badge } from '@/components/ui/badge';
import { applicationStatuses, statusLabels, type ApplicationStatus } from '@/lib/admin-schema';

const variants: Record<ApplicationStatus, 'neutral' | 'primary' | 'accent' | 'success' | 'destructive'> = {
  pending: 'neutral',
  reviewing: 'primary',
  interview: 'accent',
  offer: 'accent',
  hired: 'success',
  rejected: 'destructive',
};

export function StatusBadge({ status }: { status: string }) {
  const known = (applicationStatuses as readonly string[]).includes(status) ? (status as ApplicationStatus) : 'pending';
  return <Badge variant={variants[known]}>{statusLabels[known]}</Badge>;
}
