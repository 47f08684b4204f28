import { describe, expect, it } from 'vitest';
import { lucideDirectImports } from './client-chunks';

const transform = (code: string, id = '/app/src/components/careers/JobBoard.tsx') => lucideDirectImports().transform(code, id);

describe('lucideDirectImports', () => {
  it('imports each icon from its own module, aliases included, so the chunking sees who draws it', () => {
    expect(transform("import { Search, Loader2 as Spinner,\n  MapPin } from 'lucide-react';\nexport {};")).toBe(
      "import Search from 'lucide-react/icons/search';\nimport Spinner from 'lucide-react/icons/loader-circle';\nimport MapPin from 'lucide-react/icons/map-pin';\nexport {};",
    );
  });

  it('leaves alone what it cannot map (types, unknown names) and code outside src', () => {
    const withType = "import { type LucideIcon, Search } from 'lucide-react';";
    expect(transform(withType)).toBe(withType);
    expect(transform("import { Search } from 'lucide-react';", '/app/node_modules/x/index.tsx')).toBeNull();
    expect(transform("import { Search } from 'react';")).toBeNull();
  });
});
