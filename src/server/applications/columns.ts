import { getTableColumns } from 'drizzle-orm';
import { applications } from '../db/schema.ts';

/**
 * An application's columns as the code reads a whole row: all but the search document, which is
 * the database's own (its words include notes some readers may not see) and would only weigh down
 * a page or an export.
 */
const { searchVector: _searchVector, ...applicationColumns } = getTableColumns(applications);

export { applicationColumns };
