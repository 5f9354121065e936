/**
 * Warms the PDF renderer (ADR 183): a PDF worker renders a small agreement and its convention
 * cards once when it starts (pdf-worker.ts), so that the first PDF a user asks of it does not pay
 * for reading and parsing the fonts, the first shaping of common words, compiling the renderer's
 * code and filling the font subset cache (font-subsets.ts): the cost of a first render, which
 * bench/README.md measures ("first render (cold)").
 */
import { createAgreementFromTemplate, selectAllInCategory } from '@bpa/domain/editing';
import { parseMasterCsv } from '@bpa/domain/master-csv';
import { sampleTemplateCsv } from '@bpa/domain/sample-template';
import { OFFICIAL_CARD_IDS } from '@bpa/domain/official-card';
import { renderOfficialCard } from './render-official-card';
import { renderAgreementPdf } from './render-agreement-pdf';

/**
 * Renders the sample agreement (domain sample-template.ts, every subject and option selected) as
 * an agreement PDF and on both official convention cards (which also parses the ACBL's forms,
 * render-official-card.ts), and throws the files away.
 *
 * @returns the time it took, in milliseconds
 * @throws whatever the renderers throw (e.g. the DejaVu fonts missing)
 */
export async function warmUpRenderer(): Promise<number> {
  const started = performance.now();
  let agreement = createAgreementFromTemplate(parseMasterCsv(sampleTemplateCsv('Warm-up')), 'Warm-up ♠♥♦♣');
  for (const category of agreement.categories) agreement = selectAllInCategory(agreement, category._id);
  await renderAgreementPdf(agreement, { revision: 1 });
  for (const card of OFFICIAL_CARD_IDS) await renderOfficialCard(agreement, card);
  return performance.now() - started;
}
