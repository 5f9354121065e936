/**
 * The address of a comparison (docs/sharing.md §9; compare-page.tsx): `/my/compare?left=…&right=…`, each
 * side `agr:<id>` (an agreement), `tpl:<id>` (a template) or `rev:<id>:<n>` (version n of an
 * agreement). Kept apart from the page so links to it do not load the page's code.
 */
import { PATHS } from '@bpa/domain/paths';

/** The comparison page's address for two sides (see above for the form of each). */
export function comparePath(left: string, right: string): string {
  return `${PATHS.myCompare}?left=${encodeURIComponent(left)}&right=${encodeURIComponent(right)}`;
}
