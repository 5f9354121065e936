/**
 * Export or import (export-import-dialog.tsx, docs/product.md §12) as a user meets it: the download links,
 * the file picker, the erase confirmation, what is sent, and a refused file's problems listed by
 * line. Real store and fetch, against the test server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@bpa/domain/messages';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { ExportImportDialog } from './export-import-dialog';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const IMPORT_ROUTE = 'POST /api/v1/contracts/p2/import';
const PREVIEW_ROUTE = 'POST /api/v1/contracts/p2/import-preview';
const WHOLE_FILE = { format: 'Bridge Partnership Agreements file', read: 3, placed: 3, placedAsText: 0, notPlaced: [] };
const target = { id: 'p2', contractName: '##c3#Partner### 2' };
const csv = 'level,name,bold,italic,selected,locked\ntemplate,Mine,,,,\nsubjet,Stayman,,,,\n';

async function chooseAndConfirm(fileName: string, content: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Export or import' });
  await userEvent.upload(screen.getByLabelText('File to import into Partner 2'), new File([content], fileName, { type: 'text/csv' }));
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  expect(await screen.findByText(MESSAGES.resetToTemplateConfirm)).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'OK' }));
  return dialog;
}

describe('ExportImportDialog', () => {
  it('links the JSON and CSV downloads of the agreement', async () => {
    renderWithApp(<ExportImportDialog target={target} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Export or import' });
    expect(screen.getByRole('link', { name: 'Download JSON' }).getAttribute('href')).toBe('/api/v1/contracts/p2/export?format=json');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/v1/contracts/p2/export?format=csv');
  });

  it('sends the chosen file after the erase confirmation, and closes', async () => {
    server.answer(PREVIEW_ROUTE, 200, { status: 'success', data: WHOLE_FILE });
    server.answer(IMPORT_ROUTE, 200, { status: 'success', data: { _id: 'p2', contractName: 'Mine', revision: 4 } });
    const onClose = vi.fn();
    renderWithApp(<ExportImportDialog target={target} onClose={onClose} />);
    await chooseAndConfirm('mine.csv', csv);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const sent = server.received.filter((request) => `${request.method} ${request.path}` === IMPORT_ROUTE);
    expect(sent).toHaveLength(1);
    const body = JSON.parse(sent[0]!.body) as { fileName: string; data: string };
    expect(body.fileName).toBe('mine.csv');
    expect(Buffer.from(body.data, 'base64').toString('utf8')).toBe(csv);
  });

  it('lists the problems of a refused file by line, and stays open', async () => {
    server.answer(PREVIEW_ROUTE, 200, { status: 'success', data: WHOLE_FILE });
    server.answer(IMPORT_ROUTE, 400, {
      status: 'fail',
      code: 'bad_request',
      message: 'The CSV file cannot be imported: Line 3: unknown level "subjet".',
      issues: [
        { line: 3, message: 'unknown level "subjet"' },
        { line: 4, message: 'a name may be at most 500 characters long' },
      ],
    });
    const onClose = vi.fn();
    renderWithApp(<ExportImportDialog target={target} onClose={onClose} />);
    const dialog = await chooseAndConfirm('mine.csv', csv);
    const alert = await waitFor(() => {
      const found = [...dialog.querySelectorAll('[role="alert"]')].find((element) => element.textContent?.includes('cannot be imported'));
      if (!found) throw new Error('no problem shown yet');
      return found;
    });
    expect(alert.textContent).toContain('Line 3: unknown level "subjet"');
    expect(alert.textContent).toContain('Line 4: a name may be at most 500 characters long');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the import report of a filled ACBL card with the erase confirmation: counts, and what has no place', async () => {
    server.answer(PREVIEW_ROUTE, 200, {
      status: 'success',
      data: { format: 'ACBL convention card, classic (2023)', read: 6, placed: 4, placedAsText: 1, notPlaced: ['Natural Artif Bids: ticked'] },
    });
    renderWithApp(<ExportImportDialog target={target} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Export or import' });
    await userEvent.upload(screen.getByLabelText('File to import into Partner 2'), new File(['%PDF-1.7'], 'card.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    const report = await screen.findByRole('region', { name: 'Import report' });
    expect(report.textContent).toContain('ACBL convention card, classic (2023): 6 fields read, 4 placed on their items, 1 kept as text');
    expect(screen.getByRole('list', { name: 'Fields with no place' }).textContent).toBe('Natural Artif Bids: ticked');
    expect(screen.getByText(MESSAGES.resetToTemplateConfirm)).toBeTruthy();
    // Nothing is imported before OK.
    expect(server.received.filter((request) => `${request.method} ${request.path}` === IMPORT_ROUTE)).toHaveLength(0);
  });

  it('refuses a file the server cannot read before asking to erase anything', async () => {
    server.answer(PREVIEW_ROUTE, 400, { status: 'fail', code: 'bad_request', message: 'This PDF holds no agreement to import.' });
    renderWithApp(<ExportImportDialog target={target} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Export or import' });
    await userEvent.upload(screen.getByLabelText('File to import into Partner 2'), new File(['%PDF-1.7'], 'other.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This PDF holds no agreement to import.');
    expect(screen.queryByText(MESSAGES.resetToTemplateConfirm)).toBeNull();
  });

  it('asks for a file before anything else, and sends nothing', async () => {
    renderWithApp(<ExportImportDialog target={target} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Export or import' });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(screen.getByRole('alert').textContent).toContain('Choose a file to import.');
    expect(screen.queryByText(MESSAGES.resetToTemplateConfirm)).toBeNull();
    expect(server.received).toHaveLength(0);
  });

  it('offers only the export when the user may not replace the agreement (shared "can view")', async () => {
    renderWithApp(<ExportImportDialog target={{ ...target, canImport: false }} onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Export' });
    expect(screen.getByRole('link', { name: 'Download JSON' })).toBeTruthy();
    expect(screen.queryByLabelText('File to import into Partner 2')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });
});
