/**
 * A partner for an agreement, made as a player makes one (docs/sharing.md §1-2): the owner shares
 * the agreement with a new address, the invited partner chooses a password from the emailed link,
 * signs in in a browser context of their own and accepts the agreement on their dashboard.
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ContractName } from '@bpa/domain/contract';
import { expect } from '@playwright/test';
import { USER_PASSWORD, newUserEmail, signIn } from './accounts';
import { linkIn, readOutbox, waitForEmail } from './outbox';

/** What `sharedWithNewPartner` made: the agreement's id, and the partner signed in on their dashboard. */
export interface NewPartner {
  agreementId: string;
  partnerEmail: string;
  partnerContext: BrowserContext;
  partner: Page;
}

/**
 * Shares the owner's agreement named `contractName` with a new partner who can edit, and signs the
 * partner in, the agreement accepted. Close `partnerContext` at the end of the test.
 *
 * @throws the test's failure when a step answers otherwise (no such agreement, no invitation email)
 */
export async function sharedWithNewPartner(owner: Page, browser: Browser, contractName: string, label: string): Promise<NewPartner> {
  const partnerEmail = newUserEmail(label);
  const agreements = ((await (await owner.request.get('/api/v1/contracts/my')).json()) as { data: ContractName[] }).data;
  const agreementId = agreements.find((row) => row.contractName === contractName)!._id;
  const before = (await readOutbox()).map((message) => message.file);
  expect((await owner.request.post(`/api/v1/contracts/my/${agreementId}/shares`, { data: { email: partnerEmail, access: 'edit' } })).status()).toBe(201);
  const token = linkIn(await waitForEmail(partnerEmail, { ignoreFiles: before }), 'accept-invite')
    .split('/')
    .at(-1)!;
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  expect(
    (await partner.request.patch(`/api/v1/users/setPassword/${token}`, { data: { password: USER_PASSWORD, passwordConfirm: USER_PASSWORD } })).status(),
  ).toBe(200);
  await partner.goto('/login');
  await signIn(partner, partnerEmail, USER_PASSWORD);
  await expect(partner).toHaveURL(/\/my\/home$/);
  await partner.getByRole('button', { name: `Accept: ${contractName}` }).click();
  return { agreementId, partnerEmail, partnerContext, partner };
}
