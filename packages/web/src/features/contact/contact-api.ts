/**
 * The contact form's calls (docs/product.md §7 `POST /api/v1/messages`; shapes: `@bpa/domain/api-admin`),
 * injected into the one RTK Query `api` (lib/api.ts). The captcha challenge is fetched by the
 * ALTCHA widget itself from CAPTCHA_CHALLENGE_URL (docs/product.md §D2: self-hosted, no third-party service).
 */
import type { z } from 'zod';
import { type ContactMessageRequest, ContactMessageAnswerSchema } from '@bpa/domain/api-admin';
import { api } from '../../lib/api';

/** Where the widget fetches a fresh challenge (GET, answers `{ parameters, signature }`). */
export const CAPTCHA_CHALLENGE_URL = '/api/v1/messages/challenge';

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /api/v1/messages with `{ mailName, mailEmail, mailMessage, altcha }`
     * (ContactMessageRequestSchema). Resolves with the server's sentence ("Your message was sent");
     * fails with 400 (a field, or the captcha not accepted) or 429 (too many messages).
     */
    sendContactMessage: build.mutation<string, ContactMessageRequest, z.infer<typeof ContactMessageAnswerSchema>>({
      query: (body) => ({ url: '/messages', method: 'POST', body }),
      rawResponseSchema: ContactMessageAnswerSchema,
      transformResponse: (answer) => answer.message,
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
