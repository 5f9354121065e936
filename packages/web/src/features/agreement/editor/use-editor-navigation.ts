/**
 * Where the editor is (docs/product.md §2 "Contract editor", §15): the open category (the first one
 * the user may edit at first; a guest's trial categories only, others say they are part of the full
 * program), which subjects show their options, and going to an item from the review's lists with
 * the focus on it. The category list moves the focus to the subjects' title (phones show them below).
 */
import { useEffect, useRef, useState } from 'react';
import { TRIAL_CATEGORY_NAMES } from '@bpa/domain/constants';
import type { Category, Contract } from '@bpa/domain/contract';
import { useToast } from '../../../components/ui/toast-provider';
import { useAppDispatch } from '../../../lib/hooks';
import { categorySelected } from '../core/agreement-slice';
import { focusItemSoon } from '../names/use-name-edit';
import type { OpenItem } from '../review/review';

export const TRIAL_ONLY_TEXT = `The free trial opens ${TRIAL_CATEGORY_NAMES.join(' and ')}. The other categories are part of the full program.`;

/**
 * The editor's navigation state.
 *
 * @param canOpen whether the user may open a category (subscribers all; guests the trial ones)
 */
export function useEditorNavigation(contract: Contract | null, selectedIndex: number, canOpen: (category: Category) => boolean) {
  const dispatch = useAppDispatch();
  const { showInfo } = useToast();
  const [expandedSubjects, setExpandedSubjects] = useState<ReadonlySet<string>>(() => new Set());
  const subjectsHeadingRef = useRef<HTMLHeadingElement>(null);

  const setExpanded = (subjectId: string, isExpanded: boolean) =>
    setExpandedSubjects((current) => {
      if (current.has(subjectId) === isExpanded) return current;
      const next = new Set(current);
      if (isExpanded) next.add(subjectId);
      else next.delete(subjectId);
      return next;
    });

  const firstOpenable = contract ? contract.categories.findIndex(canOpen) : -1;
  useEffect(() => {
    if (contract !== null && selectedIndex === -1 && firstOpenable >= 0) dispatch(categorySelected(firstOpenable));
  }, [contract, selectedIndex, firstOpenable, dispatch]);

  const openCategory = (index: number, category: Category) => {
    if (!canOpen(category)) return showInfo(TRIAL_ONLY_TEXT);
    dispatch(categorySelected(index));
    requestAnimationFrame(() => subjectsHeadingRef.current?.focus());
  };

  /** Goes to an item of the changes or to-discuss lists: its category, its options open, focus on it. */
  const openItem: OpenItem = (place) => {
    const index = contract?.categories.findIndex((category) => category._id === place.categoryId) ?? -1;
    if (index < 0) return;
    dispatch(categorySelected(index));
    if (place.optionId) setExpanded(place.subjectId, true);
    focusItemSoon(place.optionId ?? place.subjectId, place.optionId !== undefined);
  };

  return { expandedSubjects, setExpanded, subjectsHeadingRef, openCategory, openItem };
}
