/**
 * The page of a notice's unsubscribe link, /unsubscribe/{token}?kind= (docs/sharing.md §12; ADR
 * 198): it says what it will stop and asks before it does, since mail scanners open links; no
 * sign-in needed. It can also stop both kinds of notice of that agreement.
 */
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE, type UnsubscribeKind } from '@bpa/domain/api-notices';
import { PATHS } from '@bpa/domain/paths';
import { LinkButton } from '../../../components/ui/link-button';
import { toErrorMessage } from '../../../lib/error-message';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useUnsubscribeMutation } from './notices-api';

/** What each kind of link stops, as the page and its button say it. */
const WHAT: Record<UnsubscribeKind, string> = {
  digest: 'the daily digest of partners’ changes',
  discussion: 'the emails about marks and replies to discuss',
  all: 'every email notice',
};

export default function UnsubscribePage() {
  useDocumentTitle('Stop email notices');
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const kind: UnsubscribeKind = params.get('kind') === 'digest' ? 'digest' : params.get('kind') === 'discussion' ? 'discussion' : 'all';
  const [unsubscribe, state] = useUnsubscribeMutation();
  const [stopped, setStopped] = useState<{ contractName: string; kind: UnsubscribeKind } | null>(null);

  const stop = async (which: UnsubscribeKind) => {
    try {
      const answer = await unsubscribe({ token, kind: which }).unwrap();
      setStopped({ contractName: answer.contractName, kind: which });
    } catch {
      // shown below from `state.error`
    }
  };

  const isGone = typeof state.error === 'object' && state.error !== null && 'status' in state.error && state.error.status === 404;
  return (
    <div className="py-4 unsubscribe-page">
      <h1>Stop email notices</h1>
      {stopped ? (
        <>
          <p role="status">
            Done: you will no longer get {WHAT[stopped.kind]} of “{stopped.contractName}”.
          </p>
          <p>Signed in, you can turn them on again from the agreement’s Email notices.</p>
          <LinkButton to={PATHS.login} icon="pi pi-sign-in">
            Sign In
          </LinkButton>
        </>
      ) : (
        <>
          <p>Stop {WHAT[kind]} of this agreement?</p>
          <div className="button-row">
            <Button type="button" label={`Stop ${WHAT[kind]}`} loading={state.isLoading} onClick={() => void stop(kind)} />
            {kind !== 'all' && (
              <Button type="button" label="Stop every notice of this agreement" outlined disabled={state.isLoading} onClick={() => void stop('all')} />
            )}
          </div>
          {state.isError && <p role="alert">{isGone ? UNSUBSCRIBE_LINK_NOT_VALID_MESSAGE : toErrorMessage(state.error)}</p>}
        </>
      )}
    </div>
  );
}
