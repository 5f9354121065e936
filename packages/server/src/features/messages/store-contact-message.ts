import type { Database } from '../../db/database';
import { messages } from '../../db/schema/messages';

/** A contact message as validated by ContactMessageSchema (@bpa/domain/validation): trimmed, name possibly ''. */
export interface ContactMessage {
  mailName: string;
  mailEmail: string;
  mailMessage: string;
}

/**
 * Stores a message sent through the Contact Us form (docs/product.md §2 "Contact Us", docs/product.md §7 `POST
 * /api/v1/messages`) for the administrators' Messages tab. The caller has validated it and checked
 * its captcha; the text is stored as typed and escaped wherever it is shown.
 *
 * @returns the new message's id
 */
export async function storeContactMessage(db: Database, message: ContactMessage, now: Date): Promise<string> {
  const [row] = await db
    .insert(messages)
    .values({ mailName: message.mailName, mailEmail: message.mailEmail, mailMessage: message.mailMessage, sentAt: now })
    .returning({ id: messages.id });
  return row!.id;
}
