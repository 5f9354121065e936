/**
 * Make PDF of the editor (docs/product.md §4 "Make PDF"): the guest's or the subscriber's call with
 * the chosen print options, the discussion sheet when asked for, then the viewer (or the route's
 * own `onPdfMade`). Also the PDF of an earlier version from History. Failures are shown as a toast
 * and in the status line; the agreement is unchanged.
 */
import { useNavigate } from 'react-router';
import type { PdfFileInfo } from '@bpa/domain/api';
import type { Contract } from '@bpa/domain/contract';
import { PATHS } from '@bpa/domain/paths';
import { useToast } from '../../../components/ui/toast-provider';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { toMakePdfRequest } from '../core/agreement-api';
import { pdfFileInfoSet } from '../core/agreement-slice';
import type { StoredPrintOptions } from './print-options';
import { useMakeGuestPdfMutation, useMakeSubscriberPdfMutation } from './printing-api';
import { gzipJson } from '../../../lib/gzip-json';

export const MAKING_PDF_TEXT = 'Making the PDF…';
export const PDF_FAILED_TEXT = 'The PDF could not be made. Your agreement is unchanged.';

/** The PDF viewers of each editor (docs/product.md §2): Make PDF goes to the first. */
export const VIEWER_PATHS = { guest: [PATHS.pdfView], subscriber: [PATHS.myPdfView, PATHS.myPdfFrame] } as const;

export interface MakePdfSettings {
  variant: 'guest' | 'subscriber';
  /** True when the signed-in user is a subscriber (the guest call otherwise). */
  isSubscriber: boolean;
  printOptions: StoredPrintOptions;
  /** Add the discussion sheet (the items marked "to discuss", with their notes); subscribers only. */
  withDiscussionSheet: boolean;
  /** Called with the file instead of going to the viewer (the route decides, docs/product.md §4). */
  onPdfMade?: ((pdfFileInfo: PdfFileInfo) => void) | undefined;
  /** Called as the request of Make PDF (or of a version's PDF) is sent, e.g. to start loading the viewer. */
  onMakePdfStarted?: (() => void) | undefined;
  /** The editor's status line. */
  setStatusMessage: (message: string) => void;
}

/**
 * Make PDF for the editor.
 *
 * @returns `makePdf(contract)` for the agreement as edited, `makeVersionPdf(version)` for an
 *   earlier version (true when it was made), and whether either call is running
 */
export function useMakePdf({ variant, isSubscriber, printOptions, withDiscussionSheet, onPdfMade, onMakePdfStarted, setStatusMessage }: MakePdfSettings) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { showFailure } = useToast();
  const [makeGuestPdf, guestPdfState] = useMakeGuestPdfMutation();
  const [makeSubscriberPdf, subscriberPdfState] = useMakeSubscriberPdfMutation();
  const isSubscriberEditor = variant === 'subscriber';
  const isContractEdited = useAppSelector((state) => state.agreement.isContractEdited);

  const done = (pdfFileInfo: PdfFileInfo, viewer: string) => {
    dispatch(pdfFileInfoSet(pdfFileInfo));
    if (onPdfMade) onPdfMade(pdfFileInfo);
    else void navigate(viewer);
  };

  const makePdf = async (contract: Contract) => {
    setStatusMessage(MAKING_PDF_TEXT);
    onMakePdfStarted?.();
    const { pageSize, ...print } = printOptions;
    const options = { pageSize, print, ...(isSubscriberEditor && withDiscussionSheet ? { discussionOf: contract._id } : {}) };
    try {
      const pdfFileInfo = await // A saved agreement is named, not uploaded (docs/pdf.md §8); unsaved edits are sent.
      (
        isSubscriberEditor && !isContractEdited
          ? makeSubscriberPdf({ stored: { id: contract._id, revision: contract.revision }, isSubscriber: true, ...options })
          : isSubscriber
            ? makeSubscriberPdf(
                await gzipJson({ ...toMakePdfRequest(contract, true), ...options, ...(isSubscriberEditor ? { revision: contract.revision } : {}) }),
              )
            : makeGuestPdf(await gzipJson({ ...toMakePdfRequest(contract, false), ...options }))
      ).unwrap();
      setStatusMessage('');
      done(pdfFileInfo, VIEWER_PATHS[variant][0]);
    } catch (error) {
      showFailure(error);
      setStatusMessage(PDF_FAILED_TEXT);
    }
  };

  const makeVersionPdf = async (version: Contract): Promise<boolean> => {
    onMakePdfStarted?.();
    try {
      // An earlier version's PDF says which version it is (docs/pdf.md).
      // A kept version is named, not uploaded (docs/pdf.md §8).
      done(await makeSubscriberPdf({ stored: { id: version._id, revision: version.revision }, isSubscriber: true }).unwrap(), VIEWER_PATHS.subscriber[0]);
      return true;
    } catch (error) {
      showFailure(error);
      return false;
    }
  };

  return {
    makePdf,
    makeVersionPdf,
    isMakingPdf: guestPdfState.isLoading || subscriberPdfState.isLoading,
    isMakingVersionPdf: subscriberPdfState.isLoading,
  };
}
