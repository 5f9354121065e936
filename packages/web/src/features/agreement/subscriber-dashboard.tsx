/**
 * The subscriber's Dashboard on /my/home (docs/product.md §2 "Dashboard", subscriber variant): the five
 * agreements with Edit Name, Edit Agreement and Load a Template, all saved on the server.
 *
 * - On mount the names are loaded (GET /api/v1/contracts/my), and the templates for the template
 *   choice (GET /api/v1/contracts/templates/).
 * - Edit Name saves the name (PATCH base/{id}/name); Load a Template replaces the agreement after
 *   the OK confirmation (PATCH base/{id}/template). Both answer the names: docs/product.md §4 "Saving a name or
 *   resetting empties the current contract and sets names".
 * - Edit Agreement loads the agreement fresh from the server (GET base/{id}) and opens /my/contract.
 *   The agreement already open in the editor with unsaved changes is opened as it is instead, so
 *   those changes are not thrown away by a click on the dashboard.
 * Failures show a toast (and a Try Again for the list); the page never goes blank.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import type { TemplateSummary } from '@bpa/domain/contract';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useToast } from '../../components/ui/toast-provider';
import { toErrorMessage } from '../../lib/error-message';
import { useRenameSubscriberContractMutation, useResetSubscriberContractMutation } from './agreement-api';
import { contractNamesReplaced, selectAgreementState } from './agreement-slice';
import { Dashboard } from './dashboard';
import { toPlainName } from './markup-text';
import { loadSubscriberContractNames, loadTemplateNames, openSubscriberAgreement } from './subscriber-agreement-actions';
import { LinkButton } from '../../components/ui/link-button';
import { ShareDialog, type ShareDialogTarget } from './share-dialog';
import { useGetChangesWaitingQuery } from './sharing-api';
import { TemplateDialog, type TemplateDialogTarget } from './template-dialog';
import { PATHS } from '@bpa/domain/paths';

export const NAMES_LOAD_FAILED_TEXT = 'Your agreements could not be loaded.';
export const TEMPLATES_LOAD_FAILED_TEXT = 'The templates could not be loaded.';
/** Path of the subscriber's editor (docs/product.md §2). */
export const SUBSCRIBER_EDITOR_PATH = PATHS.myContract;

type LoadState = { status: 'idle' | 'loading' } | { status: 'failed'; message: string };

export function SubscriberDashboard() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { showError, showSuccess } = useToast();
  const { isSubscriber, contractNames, templateNames, contract, isContractEdited } = useAppSelector(selectAgreementState);
  const [renameAgreement] = useRenameSubscriberContractMutation();
  const [resetAgreement] = useResetSubscriberContractMutation();
  const [namesState, setNamesState] = useState<LoadState>({ status: 'loading' });
  const [templatesState, setTemplatesState] = useState<LoadState>({ status: 'loading' });
  const [openingId, setOpeningId] = useState<string | null>(null);
  const [templateTarget, setTemplateTarget] = useState<TemplateDialogTarget | null>(null);
  const [shareTarget, setShareTarget] = useState<ShareDialogTarget | null>(null);
  const waiting = useGetChangesWaitingQuery(undefined, { refetchOnMountOrArgChange: true });
  const changeCounts = useMemo(() => new Map((waiting.data ?? []).map((row) => [row._id, row.count])), [waiting.data]);
  const [namesAttempt, setNamesAttempt] = useState(0);
  const [templatesAttempt, setTemplatesAttempt] = useState(0);

  // Names of another kind (the trial's) are never listed here; contractNamesLoaded replaces them.
  const agreements = isSubscriber ? contractNames : [];
  const unsavedAgreementId = isSubscriber && isContractEdited ? (contract?._id ?? null) : null;

  // Each attempt (the first at mount, then Try Again) loads once; an answer that arrives after
  // the page was left is dropped.
  useEffect(() => {
    let isCurrent = true;
    loadSubscriberContractNames(dispatch).then(
      () => {
        if (isCurrent) setNamesState({ status: 'idle' });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        const message = toErrorMessage(error);
        showError(message);
        setNamesState({ status: 'failed', message });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [dispatch, showError, namesAttempt]);

  useEffect(() => {
    let isCurrent = true;
    loadTemplateNames(dispatch).then(
      () => {
        if (isCurrent) setTemplatesState({ status: 'idle' });
      },
      (error: unknown) => {
        // Shown in the template dialog when it is opened, not as a toast on every dashboard visit.
        if (isCurrent) setTemplatesState({ status: 'failed', message: `${TEMPLATES_LOAD_FAILED_TEXT} ${toErrorMessage(error)}` });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [dispatch, templatesAttempt]);

  const editAgreement = async (id: string) => {
    if (unsavedAgreementId === id) {
      void navigate(SUBSCRIBER_EDITOR_PATH);
      return;
    }
    setOpeningId(id);
    try {
      await openSubscriberAgreement(dispatch, id);
      void navigate(SUBSCRIBER_EDITOR_PATH);
    } catch (error) {
      showError(toErrorMessage(error));
    } finally {
      setOpeningId(null);
    }
  };

  const saveName = async (id: string, contractName: string) => {
    // An unchanged name is not sent: a rename would empty the agreement open in the editor (docs/product.md §4).
    if (agreements.find((row) => row._id === id)?.contractName === contractName) return;
    try {
      const names = await renameAgreement({ id, contractName }).unwrap();
      dispatch(contractNamesReplaced(names));
      showSuccess(`The agreement is now called ${toPlainName(contractName)}.`);
    } catch (error) {
      showError(toErrorMessage(error));
      // The row stays in edit mode with what was typed.
      throw error;
    }
  };

  const retryNames = () => {
    setNamesState({ status: 'loading' });
    setNamesAttempt((attempt) => attempt + 1);
  };
  const retryTemplates = () => {
    setTemplatesState({ status: 'loading' });
    setTemplatesAttempt((attempt) => attempt + 1);
  };

  const openTemplateChoice = (id: string) => {
    const agreement = agreements.find((row) => row._id === id);
    if (!agreement) return;
    setTemplateTarget({ id, contractName: agreement.contractName });
    if (templateNames.length === 0 && templatesState.status !== 'loading') retryTemplates();
  };

  const loadTemplate = async (template: TemplateSummary) => {
    if (!templateTarget) return;
    try {
      const names = await resetAgreement({ id: templateTarget.id, templateId: template._id }).unwrap();
      dispatch(contractNamesReplaced(names));
      showSuccess(`${toPlainName(template.templateName)} was loaded into ${toPlainName(templateTarget.contractName) || templateTarget.id}.`);
      setTemplateTarget(null);
    } catch (error) {
      showError(toErrorMessage(error));
      throw error;
    }
  };

  return (
    <>
      <Dashboard
        variant="subscriber"
        agreements={agreements}
        isLoading={namesState.status === 'loading'}
        onEditAgreement={(id) => void editAgreement(id)}
        onRenameAgreement={saveName}
        onLoadTemplate={openTemplateChoice}
        changeCounts={changeCounts}
        onShare={(id) => {
          const agreement = agreements.find((row) => row._id === id);
          if (agreement) setShareTarget({ id, contractName: agreement.contractName });
        }}
        openingAgreementId={openingId}
        unsavedAgreementId={unsavedAgreementId}
      />
      {namesState.status === 'failed' && (
        <div className="load-failure" role="alert">
          <p className="mb-2">
            {NAMES_LOAD_FAILED_TEXT} {namesState.message}
          </p>
          <Button type="button" label="Try Again" icon="pi pi-refresh" size="small" onClick={retryNames} />
        </div>
      )}
      <p className="mt-3">
        <LinkButton to={PATHS.myCompare} icon="pi pi-clone">
          Compare agreements
        </LinkButton>
      </p>
      <ShareDialog target={shareTarget} onClose={() => setShareTarget(null)} />
      <TemplateDialog
        target={templateTarget}
        templates={templateNames}
        isLoadingTemplates={templatesState.status === 'loading'}
        templatesProblem={templatesState.status === 'failed' ? templatesState.message : null}
        onRetryTemplates={retryTemplates}
        onLoad={loadTemplate}
        onCancel={() => setTemplateTarget(null)}
      />
    </>
  );
}
