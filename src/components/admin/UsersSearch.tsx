import { Search } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button-variants';

/** Search users by name, e-mail or username: a GET form (no script), the query in the address. */
export function UsersSearch({ q }: { q: string }) {
  return (
    <form method="get" action="/admin#users" role="search" aria-label="Users" className="flex w-full gap-2 sm:w-auto">
      <label htmlFor="users-q" className="sr-only">
        Search users by name, e-mail or username
      </label>
      <input
        id="users-q"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={100}
        placeholder="Name, e-mail or username"
        className="h-9 min-w-0 flex-1 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring sm:w-64"
      />
      <button type="submit" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        <Search aria-hidden="true" />
        Search
      </button>
    </form>
  );
}
