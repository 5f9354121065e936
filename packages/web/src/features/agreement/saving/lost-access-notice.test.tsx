/** A partner's save after their access ended (lost-access-notice.tsx; docs/sharing.md §2). */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { agreementFileName } from '../core/download-agreement';
import { makeTestAgreement } from '../core/test-agreement';
import { LostAccessNotice, lostAccessMessage } from './lost-access-notice';

let server: TestApiServer;
beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('LostAccessNotice', () => {
  it('says whose sharing ended and downloads the agreement as on screen', async () => {
    const contract = { ...makeTestAgreement(), access: 'edit' as const, ownerName: 'Anna' };
    const onDownload = vi.fn();
    server.answer('GET /api/v1/contracts/my', 403, { status: 'fail', message: 'Partners have no agreements of their own.' });
    renderWithApp(<LostAccessNotice contract={contract} onDownload={onDownload} />);
    expect(screen.getByRole('alert').textContent).toContain('Anna stopped sharing it with you');
    await userEvent.click(screen.getByRole('button', { name: 'Download my changes (JSON)' }));
    expect(onDownload).toHaveBeenCalledWith(contract);
    expect(screen.queryByLabelText('Or copy my changes into one of my agreements')).toBeNull();
  });

  it('lets a subscriber copy the edits into an agreement of their own, by an import', async () => {
    const contract = { ...makeTestAgreement(), contractName: 'With Anna', access: 'edit' as const, ownerName: 'Anna' };
    server.answer('GET /api/v1/contracts/my', 200, {
      status: 'success',
      count: 2,
      data: [
        { _id: 'own-1', contractName: 'Partner 1' },
        { _id: 'own-2', contractName: 'Partner 2' },
      ],
    });
    server.answer('POST /api/v1/contracts/own-2/import', 200, { status: 'success', data: { _id: 'own-2', contractName: 'Partner 2', revision: 3 } });
    renderWithApp(<LostAccessNotice contract={contract} onDownload={() => undefined} />);
    await userEvent.selectOptions(await screen.findByLabelText('Or copy my changes into one of my agreements'), 'own-2');
    await userEvent.click(screen.getByRole('button', { name: 'Replace Partner 2 with my changes' }));
    await waitFor(() => expect(screen.getByText('Copied into Partner 2: open it from your dashboard.')).toBeTruthy());
    const sent = JSON.parse(server.received.find((request) => request.path === '/api/v1/contracts/own-2/import')!.body) as { fileName: string; data: string };
    expect(sent.fileName).toBe('With Anna.json');
    const file = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(sent.data), (c) => c.charCodeAt(0)))) as { agreement: { contractName: string } };
    expect(JSON.stringify(file)).toContain('With Anna');
  });

  it('names the owner as "Its owner" when the name is not known', () => {
    expect(lostAccessMessage({})).toMatch(/^Your access to this agreement has ended: Its owner stopped sharing/);
  });

  it('names the file after the agreement, without marks or characters file systems refuse', () => {
    expect(agreementFileName('##c2#With Anna### !h / club')).toBe('With Anna ♥ club.json');
    expect(agreementFileName('##c2####')).toBe('agreement.json');
  });
});
