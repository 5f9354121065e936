/**
 * The editor's Categories list (docs/product.md §2 "Contract editor", left column): the 13
 * categories with their Roman numerals; the open one is marked `aria-current`. For a guest the 11
 * categories outside the trial are marked "Part of the full program" and refuse to open
 * (docs/product.md §D4); the page decides what a refused click says.
 */
import type { Category } from '@bpa/domain/contract';
import { toRomanLabel } from '@bpa/domain/roman';
import { MarkupText } from '../core/markup-text';

export const FULL_PROGRAM_TEXT = 'Part of the full program';

export interface CategoryNavProps {
  categories: readonly Category[];
  /** Index of the open category, -1 for none. */
  selectedIndex: number;
  /** Whether this user may open a category (guests: the trial ones only). */
  canOpen: (category: Category) => boolean;
  /** Called on every click, openable or not. */
  onOpen: (index: number, category: Category) => void;
}

export function CategoryNav({ categories, selectedIndex, canOpen, onOpen }: CategoryNavProps) {
  return (
    <nav className="editor-card category-nav" aria-labelledby="categories-title">
      <h2 id="categories-title" className="editor-card-title">
        Categories
      </h2>
      <ul className="category-list">
        {categories.map((category, index) => {
          const isOpenable = canOpen(category);
          const isSelected = index === selectedIndex;
          return (
            <li key={category._id}>
              <button
                type="button"
                className={`category-button${isSelected ? ' is-selected' : ''}${isOpenable ? '' : ' is-locked'}`}
                aria-current={isSelected ? 'true' : undefined}
                aria-disabled={isOpenable ? undefined : 'true'}
                onClick={() => onOpen(index, category)}
              >
                <span className="category-label">{toRomanLabel(category.order)}.</span>
                <MarkupText markup={category.categoryName} className="category-name" />
                {!isOpenable && (
                  <span className="category-full-program">
                    <span className="pi pi-lock" aria-hidden="true" /> {FULL_PROGRAM_TEXT}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
