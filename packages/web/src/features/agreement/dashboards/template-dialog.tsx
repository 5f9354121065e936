/**
 * Load a Template (docs/product.md §2 Dashboard; docs/product.md §5: "Reset to Template needs a chosen template and an OK
 * confirmation: This will completely erase the existing Agreement."). Two steps in one dialog:
 * choose one of the templates (the six shipped ones, then uploaded ones), then confirm with OK.
 * Cancel on the confirmation goes back to the choice; Cancel, Escape or the close button on the
 * choice closes the dialog and nothing changes.
 */
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/progress';
import '../../../components/ui/controls.css';
import type { TemplateSummary } from '@bpa/domain/contract';
import { MESSAGES } from '@bpa/domain/messages';
import { MarkupText, toPlainName } from '../core/markup-text';

export const CHOOSE_TEMPLATE_MESSAGE = 'Please choose a template.';
export const NO_TEMPLATES_TEXT = 'No templates are available at the moment.';

/** The agreement a template is loaded into. */
export interface TemplateDialogTarget {
  id: string;
  /** Its name as stored (colour markup allowed). */
  contractName: string;
}

export interface TemplateDialogProps {
  /** The agreement to reset, or null when the dialog is closed. */
  target: TemplateDialogTarget | null;
  templates: TemplateSummary[];
  /** True while the template list loads. */
  isLoadingTemplates: boolean;
  /** Set when the template list could not be loaded: shown with a Try Again button. */
  templatesProblem: string | null;
  onRetryTemplates: () => void;
  /**
   * Replaces the agreement with the chosen template, after the OK. A rejected promise (the caller
   * has shown why) keeps the dialog open on the confirmation.
   */
  onLoad: (template: TemplateSummary) => Promise<void>;
  onCancel: () => void;
}

/** The dialog; its content starts afresh for every agreement it opens on. */
export function TemplateDialog(props: TemplateDialogProps) {
  const { target, onCancel } = props;
  const [shown, setShown] = useState<TemplateDialogTarget | null>(target);
  // Keeps the last agreement while the dialog closes, so the closing animation has content.
  if (target !== null && target !== shown) setShown(target);
  return (
    <DialogFrame isOpen={target !== null} onClose={onCancel} title={'Load a Template'} className="template-dialog" width="34rem">
      {shown !== null && <TemplateChoice key={shown.id} {...props} target={shown} />}
    </DialogFrame>
  );
}

function TemplateChoice({
  target,
  templates,
  isLoadingTemplates,
  templatesProblem,
  onRetryTemplates,
  onLoad,
  onCancel,
}: TemplateDialogProps & { target: TemplateDialogTarget }) {
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const groupId = useId();
  const problemId = useId();
  const chosen = templates.find((template) => template._id === chosenId) ?? null;
  const agreementName = toPlainName(target.contractName) || target.id;

  const askForConfirmation = () => {
    if (!chosen) {
      setProblem(CHOOSE_TEMPLATE_MESSAGE);
      return;
    }
    setProblem(null);
    setIsConfirming(true);
  };
  const load = async () => {
    if (!chosen) return;
    setIsLoading(true);
    try {
      await onLoad(chosen);
    } catch {
      // The caller has told the user; the confirmation stays so they can try again or cancel.
    } finally {
      setIsLoading(false);
    }
  };

  if (isConfirming && chosen) {
    return (
      <div className="template-confirm">
        <p className="template-confirm-message" role="alert">
          <span className="pi pi-exclamation-triangle" aria-hidden="true" /> {MESSAGES.resetToTemplateConfirm}
        </p>
        <p>
          <strong>
            <MarkupText markup={chosen.templateName} />
          </strong>{' '}
          will replace every category, subject and option of <strong>{agreementName}</strong>. Its name stays.
        </p>
        <div className="dialog-actions">
          {/* Focus starts on Cancel: Enter alone never erases an agreement. */}
          <Button type="button" label="Cancel" icon="pi pi-times" outlined disabled={isLoading} autoFocus onClick={() => setIsConfirming(false)} />
          <Button type="button" label="OK" icon="pi pi-check" severity="danger" loading={isLoading} onClick={() => void load()} />
        </div>
      </div>
    );
  }

  return (
    <div className="template-choice">
      <p>
        Choose the template to start <strong>{agreementName}</strong> from.
      </p>
      {isLoadingTemplates && templates.length === 0 && (
        <p role="status" className="dashboard-loading">
          <Spinner size="small" strokeWidth={6} />
          Loading the templates…
        </p>
      )}
      {templatesProblem !== null && templates.length === 0 && (
        <div className="load-failure" role="alert">
          <p className="mb-2">{templatesProblem}</p>
          <Button type="button" label="Try Again" icon="pi pi-refresh" size="small" onClick={onRetryTemplates} />
        </div>
      )}
      {!isLoadingTemplates && templatesProblem === null && templates.length === 0 && <p>{NO_TEMPLATES_TEXT}</p>}
      {templates.length > 0 && (
        <fieldset className="template-list" aria-describedby={problem ? problemId : undefined}>
          <legend className="visually-hidden">Templates</legend>
          {templates.map((template) => {
            const inputId = `${groupId}-${template._id}`;
            return (
              <div key={template._id} className="template-option">
                <input
                  type="radio"
                  className="native-check"
                  id={inputId}
                  name={groupId}
                  value={template._id}
                  checked={chosenId === template._id}
                  onChange={() => {
                    setChosenId(template._id);
                    setProblem(null);
                  }}
                />
                <label htmlFor={inputId}>
                  <MarkupText markup={template.templateName} />
                </label>
              </div>
            );
          })}
        </fieldset>
      )}
      <p id={problemId} className="field-problem" role="alert">
        {problem}
      </p>
      <div className="dialog-actions">
        <Button type="button" label="Cancel" icon="pi pi-times" outlined onClick={onCancel} />
        <Button type="button" label="Load Template" icon="pi pi-copy" disabled={templates.length === 0} onClick={askForConfirmation} />
      </div>
    </div>
  );
}
