import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';

/**
 * The zone the times are shown in: a GET form, so the choice is in the address and works without
 * JavaScript; with it, the browser's own zone is chosen on the first visit (booking-page.ts).
 */
export interface ZonePickerProps {
  zone: string;
  zones: readonly string[];
  day: string | null;
  action: string;
  /** Choose the browser's zone on arrival (a first visit: no zone in the address, nothing typed yet). */
  detect: boolean;
}

export function ZonePicker({ zone, zones, day, action, detect }: ZonePickerProps) {
  return (
    <form method="get" action={action} data-zone-form data-detect={detect ? '' : undefined} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-[16rem] flex-1 flex-col gap-1.5">
        <label htmlFor="tz" className="text-sm font-medium">
          Time zone
        </label>
        <Select id="tz" name="tz" defaultValue={zone} options={zones.map((name) => ({ value: name, label: name.replaceAll('_', ' ') }))} />
      </div>
      {day && <input type="hidden" name="day" value={day} />}
      <Button type="submit" variant="outline">
        Show times
      </Button>
    </form>
  );
}
