/**
 * Focus management of the editor (WCAG 2.4.3, focus order): the name dialog and where focus goes
 * when it closes, and moving focus to an item chosen in the changes or to-discuss lists.
 */
import { useEffect, useState } from 'react';
import { ADD_OPTION_LABEL, ADD_SUBJECT_LABEL } from '@bpa/domain/constants';
import { type Category, type Contract, type Option, type Subject, isPlaceholderName } from '@bpa/domain/contract';
import { initialEditName } from '@bpa/domain/editing';
import { useAppDispatch } from '../../../lib/hooks';
import { agreementRenamed, optionRenamed, subjectRenamed } from '../core/agreement-slice';
import type { NameEditDialogProps, NameEditTarget } from './name-edit-dialog';
import { toItemElementId } from '../core/item-element-id';

/** The id of the agreement name's pencil in the status card, where focus returns after its dialog. */
export const AGREEMENT_NAME_EDIT_ID = 'agreement-name-edit';

/**
 * An open name dialog: what it shows, what Save does with the new markup, and the element ids
 * (`toItemElementId`) focus goes to once it closes. A rename returns to the edit button that opened
 * the dialog; a new subject or option goes to its check box, the "Add New ..." button that opened
 * the dialog being gone by then (the row became the new item, domain renameSubject/renameOption);
 * Cancel returns to the opening button.
 */
interface NameEdit {
  target: NameEditTarget;
  save: (markup: string) => void;
  focusAfterSave: string;
  focusAfterCancel: string;
}

/** What the editor needs of the name dialog: the three ways to open it and the dialog's props. */
export interface NameEditing {
  editSubjectName: (category: Category, subject: Subject) => void;
  editOptionName: (category: Category, subject: Subject, option: Option) => void;
  editAgreementName: (contract: Contract) => void;
  dialogProps: Pick<NameEditDialogProps, 'target' | 'onSave' | 'onCancel' | 'onClosed'>;
}

/**
 * The name dialog of subjects, options and the agreement, with focus returned where it belongs.
 *
 * @param setExpanded opens a subject's options row (a new subject opens it so "Add New Option" is at hand)
 */
export function useNameEdit(setExpanded: (subjectId: string, isExpanded: boolean) => void): NameEditing {
  const dispatch = useAppDispatch();
  const [nameEdit, setNameEdit] = useState<NameEdit | null>(null);
  /** Element id to focus once the name dialog has closed, until its closing animation ends. */
  const [focusAfterNameEdit, setFocusAfterNameEdit] = useState<string | null>(null);

  const editSubjectName = (category: Category, subject: Subject) => {
    const isPlaceholder = isPlaceholderName(subject.subjectName);
    // The renamed row keeps its _id, so a new subject's check box is found under the placeholder's id.
    const opener = toItemElementId(isPlaceholder ? 'subject-add' : 'subject-edit', subject._id);
    setNameEdit({
      target: { key: `subject-${subject._id}`, title: isPlaceholder ? ADD_SUBJECT_LABEL : 'Edit Subject Name', initialMarkup: initialEditName(subject) },
      save: (name) => {
        dispatch(subjectRenamed({ categoryId: category._id, subjectId: subject._id, name }));
        if (isPlaceholder) setExpanded(subject._id, true);
      },
      focusAfterSave: isPlaceholder ? toItemElementId('subject-check', subject._id) : opener,
      focusAfterCancel: opener,
    });
  };
  const editAgreementName = (contract: Contract) => {
    const id = contract._id;
    setNameEdit({
      target: { key: `agreement-${id}`, title: 'Edit Agreement Name', initialMarkup: contract.contractName },
      save: (name) => dispatch(agreementRenamed({ id, contractName: name })),
      focusAfterSave: AGREEMENT_NAME_EDIT_ID,
      focusAfterCancel: AGREEMENT_NAME_EDIT_ID,
    });
  };
  const editOptionName = (category: Category, subject: Subject, option: Option) => {
    const isPlaceholder = isPlaceholderName(option.optionName);
    const opener = toItemElementId(isPlaceholder ? 'option-add' : 'option-edit', option._id);
    setNameEdit({
      target: { key: `option-${option._id}`, title: isPlaceholder ? ADD_OPTION_LABEL : 'Edit Option Name', initialMarkup: initialEditName(option) },
      save: (name) => dispatch(optionRenamed({ categoryId: category._id, subjectId: subject._id, optionId: option._id, name })),
      focusAfterSave: isPlaceholder ? toItemElementId('option-check', option._id) : opener,
      focusAfterCancel: opener,
    });
  };
  const closeNameEdit = (focusId: string | null) => {
    setNameEdit(null);
    setFocusAfterNameEdit(focusId);
  };

  // Focus moves as soon as the page shows the saved name (the dialog's field is gone by then), not
  // only after the closing animation: keys pressed meanwhile reach the row.
  useEffect(() => {
    if (focusAfterNameEdit !== null) document.getElementById(focusAfterNameEdit)?.focus();
  }, [focusAfterNameEdit]);

  return {
    editSubjectName,
    editOptionName,
    editAgreementName,
    dialogProps: {
      target: nameEdit?.target ?? null,
      onSave: (markup) => {
        nameEdit?.save(markup);
        closeNameEdit(nameEdit?.focusAfterSave ?? null);
      },
      onCancel: () => closeNameEdit(nameEdit?.focusAfterCancel ?? null),
      // After the animation PrimeReact returns focus to the opening button if it still exists;
      // should focus have been dropped on the page body anyway (e.g. browsers that do not focus a
      // clicked button), it goes to the element again.
      onClosed: () => {
        const active = document.activeElement;
        if (focusAfterNameEdit !== null && (active === null || active === document.body)) document.getElementById(focusAfterNameEdit)?.focus();
        setFocusAfterNameEdit(null);
      },
    },
  };
}

/**
 * Focuses an item's check box once its category is shown (two frames: the category renders, then
 * its rows).
 *
 * @param itemId a subject's or option's `_id`; `isOption` says which
 */
export function focusItemSoon(itemId: string, isOption: boolean): void {
  const target = toItemElementId(isOption ? 'option-check' : 'subject-check', itemId);
  requestAnimationFrame(() => requestAnimationFrame(() => document.getElementById(target)?.focus()));
}
