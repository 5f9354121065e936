/**
 * The Print options dialog (docs/product.md §11): page size, layout, four-colour suits
 * and the legend for Make PDF, for the trial and for subscribers. Native radio buttons and check
 * boxes in labelled groups, so every choice is reachable by keyboard and read by screen readers.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import type { PrintLayout } from '@bpa/domain/api';
import type { StoredPrintOptions } from './print-options';

const LAYOUTS: readonly { value: PrintLayout; label: string; help: string }[] = [
  { value: 'detailed', label: 'Detailed', help: 'two columns, easy to read' },
  { value: 'compact', label: 'Compact', help: 'denser, for a card holder' },
  { value: 'large', label: 'Large print', help: 'one column, 13 pt and larger suit symbols' },
];

export interface PrintOptionsDialogProps {
  isOpen: boolean;
  options: StoredPrintOptions;
  /** Called with the chosen options when the user saves them. */
  onSave: (options: StoredPrintOptions) => void;
  onCancel: () => void;
}

export function PrintOptionsDialog({ isOpen, options, onSave, onCancel }: PrintOptionsDialogProps) {
  return (
    <DialogFrame isOpen={isOpen} onClose={onCancel} title={'Print options'} className="print-options-dialog" width="30rem">
      {/* A new form each time it opens, starting from the remembered options. */}
      {isOpen && <PrintOptionsForm options={options} onSave={onSave} onCancel={onCancel} />}
    </DialogFrame>
  );
}

function PrintOptionsForm({ options, onSave, onCancel }: Omit<PrintOptionsDialogProps, 'isOpen'>) {
  const [draft, setDraft] = useState(options);
  const name = useId();
  return (
    <form
      className="print-options-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(draft);
      }}
    >
      <fieldset>
        <legend>Page size</legend>
        {(['letter', 'a4'] as const).map((size) => (
          <label key={size} className="print-option">
            <input type="radio" name={`${name}-size`} checked={draft.pageSize === size} onChange={() => setDraft({ ...draft, pageSize: size })} />{' '}
            {size === 'letter' ? 'Letter (8.5 × 11 in)' : 'A4 (210 × 297 mm)'}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Layout</legend>
        {LAYOUTS.map((layout) => (
          <label key={layout.value} className="print-option">
            <input type="radio" name={`${name}-layout`} checked={draft.layout === layout.value} onChange={() => setDraft({ ...draft, layout: layout.value })} />{' '}
            <strong>{layout.label}</strong>: {layout.help}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>Also</legend>
        <label className="print-option">
          <input type="checkbox" checked={draft.fourColourSuits} onChange={(event) => setDraft({ ...draft, fourColourSuits: event.target.checked })} />{' '}
          Four-colour suits (♠ black, ♥ red, ♦ orange, ♣ green)
        </label>
        <label className="print-option">
          <input type="checkbox" checked={draft.legend} onChange={(event) => setDraft({ ...draft, legend: event.target.checked })} /> The legend (what bold and
          italic mean)
        </label>
      </fieldset>
      <div className="button-row justify-content-end mt-3">
        <Button type="button" label="Cancel" outlined onClick={onCancel} />
        <Button type="submit" label="Use these options" icon="pi pi-check" />
      </div>
    </form>
  );
}
