/**
 * The content pages whose texts editors change in the admin area (issue 34, decision 049): each
 * with its key, its address and the copy whose strings are its texts (the defaults). Layouts and
 * components stay in code; a text's place is its path in the copy.
 */
import { aboutPage, companyPage } from './company.ts';
import { homePage } from './home.ts';
import { servicePages } from './services.ts';
import { solutionPages, solutionsIndex } from './solutions.ts';
import { withStandIns } from '../lib/page-texts/texts.ts';

export interface EditablePage {
  /** "home", "about", "solutions/aws/migration": the stand-ins' page name. */
  key: string;
  label: string;
  /** Where it is on the site. */
  path: string;
  group: 'Company' | 'Solutions' | 'Services';
  content: unknown;
}

const detail = (group: 'Solutions' | 'Services') => (page: { path: string; title: string }) => ({
  key: page.path.slice(1),
  label: page.title,
  path: page.path,
  group,
  content: page,
});

export const editablePages: readonly EditablePage[] = [
  { key: 'home', label: 'Home', path: '/', group: 'Company', content: homePage },
  { key: 'about', label: 'About Us', path: '/about', group: 'Company', content: aboutPage },
  { key: 'company', label: 'Company', path: '/company', group: 'Company', content: companyPage },
  { key: 'solutions', label: 'Solutions (overview)', path: '/solutions', group: 'Solutions', content: solutionsIndex },
  ...solutionPages.map(detail('Solutions')),
  ...servicePages.map(detail('Services')),
];

export const editablePage = (key: string): EditablePage | undefined => editablePages.find((page) => page.key === key);

/**
 * A page's copy as the build prerenders it: stand-ins in place of its texts, filled by the server
 * (src/server/page-texts/fill.ts). `astro dev` renders the copy itself.
 */
export function pageCopy<T>(key: string, content: T): T {
  return withStandIns(key, content, import.meta.env?.PROD === true);
}
