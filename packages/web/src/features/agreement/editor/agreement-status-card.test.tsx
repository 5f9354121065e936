/**
 * The editor's Agreement card (agreement-status-card.tsx) in jsdom: the save state and Save, the
 * read-only partner's view, and the nothing-loaded state.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { AgreementStatusCard, type AgreementStatusCardProps, NOT_LOADED_TEXT, SAVED_TEXT, UNSAVED_TEXT, VIEW_ONLY_TEXT } from './agreement-status-card';
import { makeTestAgreement } from '../core/test-agreement';

function renderCard(overrides: Partial<AgreementStatusCardProps> = {}) {
  const props: AgreementStatusCardProps = {
    contract: { ...makeTestAgreement(), contractName: 'With Pat' },
    isSubscriberEditor: true,
    isReopening: false,
    isReadOnly: false,
    isOwner: true,
    hasUnsavedChanges: false,
    isSaving: false,
    isMakingPdf: false,
    statusMessage: '',
    dashboardPath: '/my/home',
    onEditName: vi.fn(),
    onSave: vi.fn(),
    onMakePdf: vi.fn(),
    onOpenHistory: vi.fn(),
    onOpenNotices: vi.fn(),
    onShare: vi.fn(),
    ...overrides,
  };
  renderWithApp(<AgreementStatusCard {...props} />, '/my/contract');
  return props;
}

describe('AgreementStatusCard', () => {
  it('says all is saved and keeps Save disabled until something changes', () => {
    renderCard();
    expect(screen.getByText(SAVED_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('announces unsaved changes and saves, makes the PDF, opens History and Share', async () => {
    const props = renderCard({ hasUnsavedChanges: true, statusMessage: 'Merged with Anna’s changes' });
    expect(screen.getByText(UNSAVED_TEXT).closest('[role="status"]')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('button', { name: 'Make PDF' }));
    await userEvent.click(screen.getByRole('button', { name: 'History' }));
    await userEvent.click(screen.getByRole('button', { name: 'Share with partner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit the agreement name' }));
    expect(
      [props.onSave, props.onMakePdf, props.onOpenHistory, props.onShare, props.onEditName].map((handler) => vi.mocked(handler).mock.calls.length),
    ).toEqual([1, 1, 1, 1, 1]);
    expect(screen.getByText('Merged with Anna’s changes').id).toBe('agreement-status-message');
  });

  it('shows a read-only partner the note and no editing controls', () => {
    renderCard({ isReadOnly: true, isOwner: false, contract: { ...makeTestAgreement(), access: 'view', ownerName: 'Anna' } });
    expect(screen.getByRole('note').textContent).toContain(VIEW_ONLY_TEXT);
    expect(screen.getByText('Shared by Anna')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit the agreement name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share with partner' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Make PDF' })).toBeTruthy();
  });

  it('lets a partner who may edit save, but not rename: only the owner renames (docs/sharing.md §2)', () => {
    renderCard({ isOwner: false, hasUnsavedChanges: true, contract: { ...makeTestAgreement(), access: 'edit', ownerName: 'Anna' } });
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit the agreement name' })).toBeNull();
  });

  it("lets a guest rename the trial's agreement", () => {
    renderCard({ isSubscriberEditor: false, isOwner: false, contract: makeTestAgreement() });
    expect(screen.getByRole('button', { name: 'Edit the agreement name' })).toBeTruthy();
  });

  it('says nothing is loaded and offers the way back to the dashboard', () => {
    renderCard({ contract: null });
    expect(screen.getByText(NOT_LOADED_TEXT)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Go To Dashboard/ }).getAttribute('href')).toBe('/my/home');
  });
});
