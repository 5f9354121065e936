/**
 * The subscriber's Dashboard on /my/home (docs/product.md §2 "Dashboard", subscriber variant): the five
 * agreements with Edit Name, Edit Agreement and Load a Template, all saved on the server.
 *
 * - The names (GET /api/v1/contracts/my) and the templates for the template choice
 *   (GET /api/v1/contracts/templates/) come from RTK Query hooks, asked again on every arrival.
 * - Edit Name saves the name (PATCH base/{id}/name); Load a Template replaces the agreement after
 *   the OK confirmation (PATCH base/{id}/template). Both answer the names, which replace the cached
 *   list; docs/product.md §4 "Saving a name or resetting empties the current contract and sets
 *   names" (agreement-slice.ts follows the two mutations).
 * - Edit Agreement loads the agreement fresh from the server (GET base/{id}) and opens /my/contract.
 *   The agreement already open in the editor with unsaved changes is opened as it is instead, so
 *   those changes are not thrown away by a click on the dashboard.
 * Failures show a toast (and a Try Again for the list); the page never goes blank.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import type { ContractName, TemplateSummary } from '@bpa/domain/contract';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { useToast } from '../../../components/ui/toast-provider';
import { toErrorMessage } from '../../../lib/error-message';
import {
  useGetSubscriberContractNamesQuery,
  useGetTemplateNamesQuery,
  useRenameSubscriberContractMutation,
  useResetSubscriberContractMutation,
} from '../core/agreement-api';
import { selectAgreementState } from '../core/agreement-slice';
import { Dashboard } from './dashboard';
import { ExportImportDialog, type ExportImportTarget } from '../export-import/export-import-dialog';
import { toPlainName } from '../core/markup-text';
import { openSubscriberAgreement } from '../core/subscriber-agreement-actions';
import { LinkButton } from '../../../components/ui/link-button';
import { ShareDialog, type ShareDialogTarget } from '../sharing/share-dialog';
import { useGetChangesWaitingQuery } from '../review/review-api';
import { TemplateDialog, type TemplateDialogTarget } from './template-dialog';
import { PATHS } from '@bpa/domain/paths';

export const NAMES_LOAD_FAILED_TEXT = 'Your agreements could not be loaded.';
export const TEMPLATES_LOAD_FAILED_TEXT = 'The templates could not be loaded.';
/** Path of the subscriber's editor (docs/product.md §2). */
export const SUBSCRIBER_EDITOR_PATH = PATHS.myContract;
const NO_AGREEMENTS: ContractName[] = [];
const NO_TEMPLATES: TemplateSummary[] = [];

/**
 * @param onOpeningEditor called as Edit Agreement starts loading an agreement: the route starts
 *   loading the editor's code meanwhile (docs/product.md §D12, a phone's tap to the first tick)
 */
export function SubscriberDashboard({ onOpeningEditor }: { onOpeningEditor?: () => void } = {}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { showError, showSuccess, showFailure } = useToast();
  const { isSubscriber, contract, isContractEdited } = useAppSelector(selectAgreementState);
  // Always asked again on arrival: another tab, device or partner may have changed them.
  const names = useGetSubscriberContractNamesQuery(undefined, { refetchOnMountOrArgChange: true });
  const templates = useGetTemplateNamesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [renameAgreement] = useRenameSubscriberContractMutation();
  const [resetAgreement] = useResetSubscriberContractMutation();
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [templateTarget, setTemplateTarget] = useState<TemplateDialogTarget | null>(null);
  const [shareTarget, setShareTarget] = useState<ShareDialogTarget | null>(null);
  const [exchangeTarget, setExchangeTarget] = useState<ExportImportTarget | null>(null);
  const waiting = useGetChangesWaitingQuery(undefined, { refetchOnMountOrArgChange: true });
  const changeCounts = useMemo(() => new Map((waiting.data ?? []).map((row) => [row._id, row.count])), [waiting.data]);

  const agreements = names.data?.contractNames ?? NO_AGREEMENTS;
  const isLoadingNames = names.isFetching && names.data === undefined;
  const unsavedAgreementId = isSubscriber && isContractEdited ? (contract?._id ?? null) : null;
  const namesProblem = names.isError && !names.isFetching ? toErrorMessage(names.error) : null;
  const templatesProblem = templates.isError && !templates.isFetching ? `${TEMPLATES_LOAD_FAILED_TEXT} ${toErrorMessage(templates.error)}` : null;

  // A failed list is told once per failure as a toast, and stays on the page with Try Again.
  useEffect(() => {
    if (namesProblem !== null) showError(namesProblem);
  }, [namesProblem, showError]);

  const editAgreement = async (id: string) => {
    if (unsavedAgreementId === id) {
      void navigate(SUBSCRIBER_EDITOR_PATH);
      return;
    }
    setOpeningId(id);
    onOpeningEditor?.();
    try {
      await openSubscriberAgreement(dispatch, id);
      void navigate(SUBSCRIBER_EDITOR_PATH);
    } catch (error) {
      showFailure(error);
    } finally {
      setOpeningId(null);
    }
  };

  const saveName = async (id: string, contractName: string) => {
    // An unchanged name is not sent: a rename would empty the agreement open in the editor (docs/product.md §4).
    if (agreements.find((row) => row._id === id)?.contractName === contractName) return;
    try {
      await renameAgreement({ id, contractName }).unwrap();
      showSuccess(`The agreement is now called ${toPlainName(contractName)}.`);
    } catch (error) {
      showFailure(error);
      // The row stays in edit mode with what was typed.
      throw error;
    }
  };

  const retryTemplates = () => void templates.refetch();

  const openTemplateChoice = (id: string) => {
    const agreement = agreements.find((row) => row._id === id);
    if (!agreement) return;
    setTemplateTarget({ id, contractName: agreement.contractName });
    if (templates.isError && !templates.isFetching) retryTemplates();
  };

  const loadTemplate = async (template: TemplateSummary) => {
    if (!templateTarget) return;
    try {
      await resetAgreement({ id: templateTarget.id, templateId: template._id }).unwrap();
      showSuccess(`${toPlainName(template.templateName)} was loaded into ${toPlainName(templateTarget.contractName) || templateTarget.id}.`);
      setTemplateTarget(null);
    } catch (error) {
      showFailure(error);
      throw error;
    }
  };

  return (
    <>
      <Dashboard
        variant="subscriber"
        agreements={agreements}
        isLoading={isLoadingNames}
        onEditAgreement={(id) => void editAgreement(id)}
        onRenameAgreement={saveName}
        onLoadTemplate={openTemplateChoice}
        changeCounts={changeCounts}
        onExportImport={(id) => {
          const agreement = agreements.find((row) => row._id === id);
          if (agreement) setExchangeTarget({ id, contractName: agreement.contractName });
        }}
        onShare={(id) => {
          const agreement = agreements.find((row) => row._id === id);
          if (agreement) setShareTarget({ id, contractName: agreement.contractName });
        }}
        openingAgreementId={openingId}
        unsavedAgreementId={unsavedAgreementId}
      />
      {namesProblem !== null && (
        <div className="load-failure" role="alert">
          <p className="mb-2">
            {NAMES_LOAD_FAILED_TEXT} {namesProblem}
          </p>
          <Button type="button" label="Try Again" icon="pi pi-refresh" size="small" onClick={() => void names.refetch()} />
        </div>
      )}
      {/* Shown once the list has its height: below the list's spinner it was in view on a phone,
          and the list arriving pushed it down (a layout shift, docs/product.md §D12). */}
      {!isLoadingNames && (
        <p className="mt-3">
          <LinkButton to={PATHS.myCompare} icon="pi pi-clone">
            Compare agreements
          </LinkButton>
        </p>
      )}
      <ShareDialog target={shareTarget} onClose={() => setShareTarget(null)} />
      <ExportImportDialog target={exchangeTarget} onClose={() => setExchangeTarget(null)} />
      <TemplateDialog
        target={templateTarget}
        templates={templates.data ?? NO_TEMPLATES}
        isLoadingTemplates={templates.isFetching}
        templatesProblem={templatesProblem}
        onRetryTemplates={retryTemplates}
        onLoad={loadTemplate}
        onCancel={() => setTemplateTarget(null)}
      />
    </>
  );
}
