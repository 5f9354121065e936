/**
 * The trial agreement as a visitor's browser holds it after "Try the free trial" (web
 * core/guest-persistence.ts), for the benchmarks that open the guest editor with it (Lighthouse,
 * the phone flows).
 */
import { ContractAnswerSchema, GuestContractNamesAnswerSchema } from '@bpa/domain/api';

/** The trial agreement's localStorage key (web core/guest-persistence.ts GUEST_AGREEMENT_STORAGE_KEY). */
export const GUEST_AGREEMENT_STORAGE_KEY = 'bpa.guestAgreement.v1';

/**
 * Reads the trial agreement from the server as the trial page does.
 *
 * @param serverUrl the running product's address
 * @returns the localStorage value (JSON text) stored under `GUEST_AGREEMENT_STORAGE_KEY`
 * @throws Error when the server answers otherwise than 200 or offers no trial agreement
 */
export async function trialAgreementText(serverUrl: string): Promise<string> {
  const read = async (path: string) => {
    const response = await fetch(`${serverUrl}${path}`);
    if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const [name] = GuestContractNamesAnswerSchema.parse(await read('/api/v1/contracts/guest')).data;
  if (!name) throw new Error('The server offers no trial agreement');
  const contract = ContractAnswerSchema.parse(await read(`/api/v1/contracts/guest/${name._id}`)).data;
  return JSON.stringify({ contract, contractNames: [name], isContractEdited: false, selectedCategory: 0, pdfFileInfo: null });
}
