/**
 * The PDF settings of the editor's status card (docs/pdf.md): the print options (kept in the
 * browser, print-options.ts) with their dialog, the official ACBL cards (for a trial visitor, of
 * the trial categories), and for subscribers the
 * discussion sheet. `usePdfOptions` holds the state; `PdfOptions` shows it.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { Contract } from '@bpa/domain/contract';
import { getBrowserStorage } from '../core/guest-persistence';
import { OfficialCardButtons } from './official-card-buttons';
import { PrintOptionsDialog } from './print-options-dialog';
import { type StoredPrintOptions, describePrintOptions, readPrintOptions, writePrintOptions } from './print-options';

/** The editor's PDF settings: print options (read from and saved to the browser) and the discussion sheet. */
export function usePdfOptions() {
  const [printOptions, setPrintOptions] = useState(() => readPrintOptions(getBrowserStorage()));
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [withDiscussionSheet, setWithDiscussionSheet] = useState(false);
  return {
    printOptions,
    withDiscussionSheet,
    setWithDiscussionSheet,
    isDialogOpen,
    openDialog: () => setIsDialogOpen(true),
    closeDialog: () => setIsDialogOpen(false),
    save: (options: StoredPrintOptions) => {
      setPrintOptions(options);
      writePrintOptions(getBrowserStorage(), options);
      setIsDialogOpen(false);
    },
  };
}

export type PdfOptionsState = ReturnType<typeof usePdfOptions>;

export interface PdfOptionsProps {
  state: PdfOptionsState;
  contract: Contract | null;
  /** The subscriber's editor adds the discussion sheet; the cards are a subscriber's, or a trial visitor's (its two categories). */
  isSubscriberEditor: boolean;
}

/** The print options line, the card button and the discussion sheet box, with the print options dialog. */
export function PdfOptions({ state, contract, isSubscriberEditor }: PdfOptionsProps) {
  return (
    <>
      <p className="print-options-summary">
        <span>{describePrintOptions(state.printOptions)}</span>
        <Button type="button" label="Print options" icon="pi pi-sliders-h" size="small" text onClick={state.openDialog} />
      </p>
      {contract && <OfficialCardButtons contract={contract} isGuest={!isSubscriberEditor} />}
      {isSubscriberEditor && (
        <label className="discussion-sheet-option">
          <input type="checkbox" checked={state.withDiscussionSheet} onChange={(event) => state.setWithDiscussionSheet(event.target.checked)} /> Add the
          discussion sheet (items to discuss, with notes)
        </label>
      )}
      <PrintOptionsDialog isOpen={state.isDialogOpen} options={state.printOptions} onSave={state.save} onCancel={state.closeDialog} />
    </>
  );
}
