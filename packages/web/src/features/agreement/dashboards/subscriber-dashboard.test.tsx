/**
 * The subscriber's dashboard (subscriber-dashboard.tsx) opening an agreement: it tells the route as
 * it starts loading the agreement, so the route loads the editor's code meanwhile (my-home-route.tsx,
 * docs/product.md §D12). Real store and fetch, against the test server.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app';
import { type TestApiServer, startTestApiServer } from '../../../test/test-api-server';
import { SubscriberDashboard } from './subscriber-dashboard';

let server: TestApiServer;

beforeAll(async () => {
  server = await startTestApiServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

describe('Subscriber dashboard', () => {
  it('tells the route as Edit Agreement starts loading the agreement, before its answer', async () => {
    server.answer('GET /api/v1/contracts/changes-waiting', 200, { status: 'success', data: [] });
    server.answer('GET /api/v1/contracts/templates/', 200, { status: 'success', data: [] });
    server.answer('GET /api/v1/contracts/my', 200, { status: 'success', count: 1, data: [{ _id: 'own-1', contractName: 'Partner 1' }] });
    let openings = 0;
    renderWithApp(<SubscriberDashboard onOpeningEditor={() => (openings += 1)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Agreement: Partner 1' }));
    expect(openings).toBe(1);
    // The agreement was asked for (the test server has no answer for it: a toast says so).
    await waitFor(() => expect(server.received.some((request) => request.method === 'GET' && request.path === '/api/v1/contracts/my/own-1')).toBe(true));
  });

  it('shows Compare agreements once the list is there, not below its spinner, where the list would push it down', async () => {
    server.answer('GET /api/v1/contracts/changes-waiting', 200, { status: 'success', data: [] });
    server.answer('GET /api/v1/contracts/templates/', 200, { status: 'success', data: [] });
    server.answer('GET /api/v1/contracts/my', 200, { status: 'success', count: 1, data: [{ _id: 'own-1', contractName: 'Partner 1' }] });
    renderWithApp(<SubscriberDashboard />);
    expect(screen.queryByRole('link', { name: 'Compare agreements' })).toBeNull();
    await screen.findByRole('button', { name: 'Edit Agreement: Partner 1' });
    expect(screen.getByRole('link', { name: 'Compare agreements' })).toBeTruthy();
  });
});
