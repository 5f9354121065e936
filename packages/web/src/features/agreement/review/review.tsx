/**
 * Reviewing with a partner in the editor (docs/sharing.md §6-7):
 * - **Changes since your last visit**: the items others changed since this user last opened the
 *   agreement (never their own), grouped by category with author and time; a line opens the item;
 *   Mark all as seen dismisses them. Opening the agreement records the visit (useReview).
 * - **Agreed / To discuss** marks with notes on any subject or option, by each partner; the "To
 *   discuss" list of open items with their notes and the partners' replies under each; the mark dialog.
 * The read-only link never shows any of this.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import type { Contract } from '@bpa/domain/contract';
import { MAX_MARK_NOTE_LENGTH, MAX_REPLY_LENGTH, type Mark, type MarkStatus, type Reply, type SeenChange } from '@bpa/domain/history';
import { useToast } from '../../../components/ui/toast-provider';
import { MarkupText, toPlainName } from '../core/markup-text';
import {
  useAddReplyMutation,
  useChangeReplyMutation,
  useGetChangesQuery,
  useGetMarksQuery,
  useGetRepliesQuery,
  useMarkSeenMutation,
  useSetMarkMutation,
} from './review-api';

export const CHANGES_TITLE = 'Changes since your last visit';
export const TO_DISCUSS_TITLE = 'To discuss';

const KIND_WORDS: Record<SeenChange['kind'], string> = {
  ticked: 'ticked',
  unticked: 'unticked',
  renamed: 'renamed',
  added: 'added',
  removed: 'removed',
  noted: 'note changed',
};

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

/** What the editor shows of the review of the open agreement. */
export interface ReviewState {
  /** Changes by others since the last visit, by item id (empty once marked as seen). */
  changed: ReadonlyMap<string, SeenChange>;
  changes: SeenChange[];
  /** Versions since the last visit older than the ones read (domain MAX_CHANGES_VERSIONS); History lists them. */
  olderVersions: number;
  /** Every partner's marks, by item id. */
  marks: ReadonlyMap<string, Mark[]>;
  markList: Mark[];
  dismissChanges: () => void;
}

/**
 * Loads the review of a saved agreement and records the visit once per opened revision: the
 * changes are fetched first, then the visit is recorded, so the list shows what was new; again for
 * each later revision while it stays open.
 */
export function useReview(contract: Contract | null, isEnabled: boolean): ReviewState {
  const contractId = contract?._id ?? '';
  const skip = !isEnabled || contract === null;
  const changesQuery = useGetChangesQuery(contractId, { skip, refetchOnMountOrArgChange: true });
  const marksQuery = useGetMarksQuery(contractId, { skip });
  const [markSeen] = useMarkSeenMutation();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const recorded = useRef<string | null>(null);
  const revision = contract?.revision ?? 0;

  const { refetch } = changesQuery;
  useEffect(() => {
    if (skip || !changesQuery.isSuccess) return;
    const key = `${contractId}@${revision}`;
    if (recorded.current === key) return;
    // A later revision while the agreement stays open (a save, or a partner's version arriving
    // live: docs/sharing.md §13): the list is read again first, so what arrived is highlighted.
    const isLaterRevision = recorded.current?.startsWith(`${contractId}@`) ?? false;
    recorded.current = key;
    void (async () => {
      if (isLaterRevision) await refetch();
      await markSeen({ contractId, revision });
    })();
  }, [skip, changesQuery.isSuccess, contractId, revision, markSeen, refetch]);

  const changes = useMemo(() => (dismissedFor === contractId ? [] : (changesQuery.data?.changes ?? [])), [changesQuery.data, dismissedFor, contractId]);
  const markList = useMemo(() => marksQuery.data ?? [], [marksQuery.data]);
  return useMemo(() => {
    const marks = new Map<string, Mark[]>();
    for (const mark of markList) marks.set(mark.itemId, [...(marks.get(mark.itemId) ?? []), mark]);
    return {
      changed: new Map(changes.map((change) => [change.itemId, change])),
      changes,
      olderVersions: dismissedFor === contractId ? 0 : (changesQuery.data?.olderVersions ?? 0),
      marks,
      markList,
      dismissChanges: () => setDismissedFor(contractId),
    };
  }, [changes, markList, contractId, dismissedFor, changesQuery.data?.olderVersions]);
}

/** Opens an item: selects its category and focuses its check box (the caller knows how). */
export type OpenItem = (place: { categoryId: string; subjectId: string; optionId?: string }) => void;

export function ChangesPanel({ review, onOpen }: { review: ReviewState; onOpen: OpenItem }) {
  const headingId = useId();
  if (review.changes.length === 0) return null;
  const byCategory = new Map<string, SeenChange[]>();
  for (const change of review.changes) byCategory.set(change.categoryName, [...(byCategory.get(change.categoryName) ?? []), change]);
  return (
    <section className="editor-card review-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="editor-card-title">
        {CHANGES_TITLE} ({review.changes.length})
      </h2>
      {[...byCategory].map(([categoryName, changes]) => (
        <div key={categoryName}>
          <h3 className="review-category">{categoryName}</h3>
          <ul className="review-lines">
            {changes.map((change) => (
              <li key={change.itemId}>
                <button type="button" className="review-line" onClick={() => onOpen(change)}>
                  <MarkupText markup={change.name} />{' '}
                  <span className="review-meta">
                    {KIND_WORDS[change.kind]} by {change.author}, {formatTime(change.changedAt)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
      {review.olderVersions > 0 && (
        <p className="review-older">These are the changes of the newer versions; History lists the {review.olderVersions} older ones since your last visit.</p>
      )}
      <Button type="button" label="Mark all as seen" icon="pi pi-check" size="small" outlined onClick={review.dismissChanges} />
    </section>
  );
}

/** Where an item of the agreement is and what it is called. */
type ItemPlace = { categoryId: string; subjectId: string; optionId?: string; name: string; categoryName: string };

const NO_PLACES: ReadonlyMap<string, ItemPlace> = new Map();

/**
 * Where each of the items `wanted` is and what it is called, by id (items no longer in the
 * agreement left out). Walks the agreement without building anything for the other items, and
 * stops once every wanted item is found: it runs again on every tick while items are marked.
 */
function itemPlaces(contract: Contract, wanted: ReadonlySet<string>): ReadonlyMap<string, ItemPlace> {
  const places = new Map<string, ItemPlace>();
  for (const category of contract.categories) {
    for (const subject of category.subjects) {
      if (wanted.has(subject._id)) {
        places.set(subject._id, {
          categoryId: category._id,
          subjectId: subject._id,
          name: subject.isEdited ? subject.editedName : subject.subjectName,
          categoryName: category.categoryName,
        });
      }
      for (const option of subject.options) {
        if (!wanted.has(option._id)) continue;
        places.set(option._id, {
          categoryId: category._id,
          subjectId: subject._id,
          optionId: option._id,
          name: option.isEdited ? option.editedName : option.optionName,
          categoryName: category.categoryName,
        });
      }
      if (places.size === wanted.size) return places;
    }
  }
  return places;
}

/** The items some partner marked "to discuss", with every mark and note on them. */
export function ToDiscussPanel({ contract, review, onOpen }: { contract: Contract; review: ReviewState; onOpen: OpenItem }) {
  const headingId = useId();
  const discussed = useMemo(
    () => new Set([...review.marks].filter(([, marks]) => marks.some((mark) => mark.status === 'discuss')).map(([itemId]) => itemId)),
    [review.marks],
  );
  const places = useMemo(() => (discussed.size === 0 ? NO_PLACES : itemPlaces(contract, discussed)), [contract, discussed]);
  const open = [...review.marks].filter(([itemId, marks]) => places.has(itemId) && marks.some((mark) => mark.status === 'discuss'));
  const repliesQuery = useGetRepliesQuery(contract._id, { skip: open.length === 0 });
  const replies = repliesQuery.data ?? NO_REPLIES;
  if (open.length === 0) return null;
  return (
    <section className="editor-card review-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="editor-card-title">
        {TO_DISCUSS_TITLE} ({open.length})
      </h2>
      <ul className="review-lines">
        {open.map(([itemId, marks]) => {
          const place = places.get(itemId)!;
          return (
            <li key={itemId}>
              <button type="button" className="review-line" onClick={() => onOpen(place)}>
                <MarkupText markup={place.name} /> <span className="review-meta">({place.categoryName})</span>
              </button>
              <MarkChips marks={marks} showNotes />
              <ReplyThread contractId={contract._id} itemId={itemId} itemName={place.name} replies={replies.filter((reply) => reply.itemId === itemId)} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const NO_REPLIES: readonly Reply[] = [];

/** A reply's text as markup shown literally (colour marks and suit shorthand stay as typed, as a mark's note). */
const literal = (text: string) => text.replace(/\\/g, '\\\\').replace(/#/g, '\\#');

/**
 * The replies under one item to discuss (docs/sharing.md §7): each with its author and time, the
 * signed-in partner's own with Edit and Remove; a field to reply. Settled by marking the item
 * agreed, which takes it off the list.
 */
export function ReplyThread({ contractId, itemId, itemName, replies }: { contractId: string; itemId: string; itemName: string; replies: readonly Reply[] }) {
  const { showFailure } = useToast();
  const [addReply, addState] = useAddReplyMutation();
  const [changeReply, changeState] = useChangeReplyMutation();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const fieldId = useId();
  const run = async (action: () => Promise<unknown>, after: () => void) => {
    try {
      await action();
      after();
    } catch (error) {
      showFailure(error);
    }
  };
  const plainName = toPlainName(itemName);
  return (
    <div className="reply-thread">
      {replies.length > 0 && (
        <ul className="reply-list" aria-label={`Replies on ${plainName}`}>
          {replies.map((reply) => (
            <li key={reply.id} className="reply">
              <span className="review-meta">
                {reply.isMine ? 'You' : reply.author}, {formatTime(reply.createdAt)}
                {reply.updatedAt !== reply.createdAt && ' (edited)'}:
              </span>{' '}
              {editing?.id === reply.id ? (
                <form
                  className="reply-form"
                  onSubmit={(event) => {
                    event.preventDefault();
                    void run(
                      () => changeReply({ contractId, replyId: reply.id, text: editing.text }).unwrap(),
                      () => setEditing(null),
                    );
                  }}
                >
                  <label className="visually-hidden" htmlFor={`${fieldId}-${reply.id}`}>
                    Your reply
                  </label>
                  <textarea
                    id={`${fieldId}-${reply.id}`}
                    className="p-inputtextarea"
                    rows={2}
                    maxLength={MAX_REPLY_LENGTH}
                    value={editing.text}
                    onChange={(event) => setEditing({ id: reply.id, text: event.target.value })}
                  />
                  <Button type="submit" label="Save reply" size="small" loading={changeState.isLoading} disabled={editing.text.trim() === ''} />
                  <Button type="button" label="Cancel" size="small" outlined onClick={() => setEditing(null)} />
                </form>
              ) : (
                <>
                  <MarkupText markup={literal(reply.text)} />
                  {reply.isMine && (
                    <>
                      {' '}
                      <Button
                        type="button"
                        label="Edit"
                        size="small"
                        text
                        aria-label="Edit your reply"
                        onClick={() => setEditing({ id: reply.id, text: reply.text })}
                      />
                      <Button
                        type="button"
                        label="Remove"
                        size="small"
                        text
                        aria-label="Remove your reply"
                        onClick={() =>
                          void run(
                            () => changeReply({ contractId, replyId: reply.id, text: null }).unwrap(),
                            () => undefined,
                          )
                        }
                      />
                    </>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className="reply-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(
            () => addReply({ contractId, itemId, text: draft }).unwrap(),
            () => setDraft(''),
          );
        }}
      >
        <label className="visually-hidden" htmlFor={fieldId}>
          Reply on {plainName}
        </label>
        <textarea
          id={fieldId}
          className="p-inputtextarea"
          rows={1}
          maxLength={MAX_REPLY_LENGTH}
          placeholder="Reply…"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" label="Reply" size="small" outlined loading={addState.isLoading} disabled={draft.trim() === ''} />
      </form>
    </div>
  );
}

/** "Anna: agreed", "Bob: to discuss: which suits?" beside an item. */
export function MarkChips({ marks, showNotes = false }: { marks: readonly Mark[]; showNotes?: boolean }) {
  if (marks.length === 0) return null;
  return (
    <span className="mark-chips">
      {marks.map((mark) => (
        <span key={mark.userId} className={`mark-chip is-${mark.status}`}>
          {mark.isMine ? 'You' : mark.author}: {mark.status === 'agreed' ? 'agreed' : 'to discuss'}
          {showNotes && mark.note !== '' && (
            <>
              : <MarkupText markup={mark.note.replace(/\\/g, '\\\\').replace(/#/g, '\\#')} />
            </>
          )}
        </span>
      ))}
    </span>
  );
}

/** The item being marked. */
export interface MarkTarget {
  itemId: string;
  name: string;
}

/** Agreed / To discuss / no mark, and a note, for the signed-in user's mark on one item. */
export function MarkDialog({
  contractId,
  target,
  marks,
  onClose,
}: {
  contractId: string;
  target: MarkTarget | null;
  marks: readonly Mark[];
  onClose: () => void;
}) {
  const noteId = useId();
  const { showFailure } = useToast();
  const [setMark, state] = useSetMarkMutation();
  const mine = marks.find((mark) => mark.isMine);
  const [status, setStatus] = useState<MarkStatus | 'none'>(mine?.status ?? 'none');
  const [note, setNote] = useState(mine?.note ?? '');
  const others = marks.filter((mark) => !mark.isMine);

  const save = async () => {
    if (!target) return;
    try {
      await setMark({ contractId, itemId: target.itemId, status: status === 'none' ? null : status, note }).unwrap();
      onClose();
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <DialogFrame isOpen={target !== null} onClose={onClose} title={'Agree or discuss'} width="32rem">
      {target && (
        <div className="mark-dialog">
          <p>
            <MarkupText markup={target.name} />
          </p>
          {others.length > 0 && <MarkChips marks={others} showNotes />}
          <fieldset className="mark-status">
            <legend>Your mark</legend>
            {(['agreed', 'discuss', 'none'] as const).map((value) => (
              <label key={value} className="merge-choice">
                <input type="radio" name="mark-status" checked={status === value} onChange={() => setStatus(value)} />{' '}
                {value === 'agreed' ? 'Agreed' : value === 'discuss' ? 'To discuss' : 'No mark'}
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId}>Note (optional; !s !h !d !c for suits)</label>
          <textarea
            id={noteId}
            className="p-inputtext w-100"
            rows={3}
            maxLength={MAX_MARK_NOTE_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <p className="name-length">
            {note.length} of {MAX_MARK_NOTE_LENGTH} characters
          </p>
          <div className="dialog-actions">
            <Button type="button" label="Cancel" outlined onClick={onClose} />
            <Button type="button" label="Save mark" icon="pi pi-check" loading={state.isLoading} onClick={() => void save()} />
          </div>
        </div>
      )}
    </DialogFrame>
  );
}
