/**
 * PrimeReact's overlays loaded when first shown (lazy-primereact.tsx, toast-provider.tsx), rendered
 * in jsdom: nothing is mounted before, the overlay appears once its chunk has loaded, and a message
 * shown before the Toast exists is not lost.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, Dialog } from './lazy-primereact';
import { ToastProvider, useToast } from './toast-provider';

function DialogHost() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open
      </button>
      <Dialog visible={isOpen} onHide={() => setIsOpen(false)} header="A dialog" modal>
        <p>Inside the dialog</p>
      </Dialog>
    </>
  );
}

describe('overlays loaded when first shown', () => {
  it('mounts no dialog until it is shown, then shows it with its content', async () => {
    render(<DialogHost />);
    expect(document.querySelector('.p-dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Inside the dialog')).toBeTruthy();
  });

  it('shows a confirmation with its message and buttons', async () => {
    render(<ConfirmDialog visible header="Start over" message="Your agreement will be cleared." acceptLabel="Yes" rejectLabel="No" onHide={() => undefined} />);
    expect(await screen.findByText('Your agreement will be cleared.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
  });

  it('keeps the messages shown before the Toast has loaded', async () => {
    function Shower() {
      const { showError, showSuccess } = useToast();
      return (
        <button
          type="button"
          onClick={() => {
            showError('First problem');
            showSuccess('Then saved');
          }}
        >
          Show
        </button>
      );
    }
    render(
      <ToastProvider>
        <Shower />
      </ToastProvider>,
    );
    expect(document.querySelector('.p-toast')).toBeNull();
    await act(async () => screen.getByRole('button', { name: 'Show' }).click());
    expect(await screen.findByText('First problem')).toBeTruthy();
    expect(await screen.findByText('Then saved')).toBeTruthy();
  });

  it('tells a failure in words, but not an answer that ended the session: the sign-in page says why', async () => {
    function Failer() {
      const { showFailure } = useToast();
      return (
        <button
          type="button"
          onClick={() => {
            showFailure({ status: 401, data: { status: 'fail', code: 'unauthorised', message: 'Your session has ended.' } });
            showFailure({ status: 409, data: { status: 'fail', code: 'conflict', message: 'The PDF could not be made.' } });
          }}
        >
          Fail
        </button>
      );
    }
    render(
      <ToastProvider>
        <Failer />
      </ToastProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'Fail' }).click());
    expect(await screen.findByText('The PDF could not be made.')).toBeTruthy();
    expect(screen.queryByText('Your session has ended.')).toBeNull();
  });
});
