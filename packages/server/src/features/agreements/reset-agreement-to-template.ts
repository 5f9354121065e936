import { createAgreementFromTemplate } from '@bpa/domain/editing';
import type { Database } from '../../db/database';
import { type ChangedAgreement, type RevisionAuthor, replaceAgreementDocument } from './replace-agreement-document';
import { findSubscriberTemplate } from '../templates/subscriber-templates';

/**
 * Resets an agreement to a template (docs/product.md §7 `PATCH /api/v1/contracts/my/{id}/template`; docs/product.md §5:
 * the user confirmed "This will completely erase the existing Agreement."): the document becomes a
 * fresh agreement made from the template (new ids, placeholders added: docs/product.md §D4) under the same
 * name; the revision goes up, the previous document is kept as a revision row, and the agreement
 * remembers the template's name.
 *
 * @param request the agreement id (any text), the signed-in account, the template id and `now`
 * @throws AppError not_found when the template is unknown or hidden, or the id is not an agreement
 *   of that account
 */
export async function resetAgreementToTemplate(
  db: Database,
  request: { id: string; templateId: string; author: RevisionAuthor; now: Date },
): Promise<ChangedAgreement> {
  const template = await findSubscriberTemplate(db, request.templateId);
  return replaceAgreementDocument(db, {
    id: request.id,
    author: request.author,
    // The name is filled in from the stored agreement under its lock.
    change: {
      kind: 'reset',
      document: createAgreementFromTemplate({ templateName: template.templateName, categories: template.content }, ''),
      templateName: template.templateName,
    },
    now: request.now,
  });
}
