/**
 * The content pages' calls (spec sections 2, 7 and 8): contact information and the
 * contact message, FAQs and the legal documents. The About page's company info has its factory
 * in the site feature (`companyInfoQuery`, `GET /pages/company-info/`), which this feature uses.
 * Every call throws `ApiError` on a non-2xx answer (client middleware).
 */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '../../api/client';
import { apiErrorMessage } from '../../api/errors';
import { toList, type ListAnswer } from '../../api/lists';
import type { components } from '../../../common/storefront-api';
import { CONTACT_FORM_MESSAGES } from './messages';
import type { ContactMessage } from './schemas';

export type Faq = components['schemas']['Faq'];
export type LegalDocument = components['schemas']['LegalDocument'];
export type DocumentType = components['schemas']['DocumentType'];
export type ContactMessageReceipt = components['schemas']['ContactMessageReceipt'];

/** `GET /contact/info/`: locations, e-mails and social profiles, as served. Key `['contact','info']`. */
export const contactInfoQuery = () =>
  queryOptions({
    queryKey: ['contact', 'info'] as const,
    queryFn: async ({ signal }): Promise<unknown> => {
      const { data } = await api.GET('/contact/info/', { signal });
      // Checked entry by entry by contactViewOf: an unsafe link must not reach a page.
      return data ?? null;
    },
    staleTime: 10 * 60_000,
  });

/**
 * `GET /pages/manage/faqs/`: the FAQs in display order (plain list or `{results}`, spec
 * section 7). Key `['faqs','list']`.
 */
export const faqsQuery = () =>
  queryOptions({
    queryKey: ['faqs', 'list'] as const,
    queryFn: async ({ signal }): Promise<Faq[]> => {
      const { data } = await api.GET('/pages/manage/faqs/', { signal });
      return toList<Faq>(data as ListAnswer<Faq> | undefined).filter(
        (faq) => typeof faq?.question === 'string' && faq.question.trim() !== '',
      );
    },
    staleTime: 10 * 60_000,
  });

/**
 * `GET /pages/manage/documents/?document_type=`: the first document of that type (spec
 * section 7: "first item's content used"), or null when there is none. Key
 * `['documents', type]`.
 */
export const legalDocumentQuery = (type: DocumentType) =>
  queryOptions({
    queryKey: ['documents', type] as const,
    queryFn: async ({ signal }): Promise<LegalDocument | null> => {
      const { data } = await api.GET('/pages/manage/documents/', {
        params: { query: { document_type: type } },
        signal,
      });
      return toList<LegalDocument>(data as ListAnswer<LegalDocument> | undefined)[0] ?? null;
    },
    staleTime: 10 * 60_000,
  });

/**
 * The message for a contact message that was not sent (spec section 8): the server's detail
 * (a 429 says when to try again), else its field errors as 'field: messages; …' (as the login
 * form shows them), else 'Failed to send message. Please try again later.'.
 */
export function contactSendErrorMessage(error: unknown): string {
  return apiErrorMessage(error, CONTACT_FORM_MESSAGES.failed);
}

/** `POST /contact/messages/` with the form's message. Resolves to the stored message. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: async (body: ContactMessage): Promise<ContactMessageReceipt> => {
      const { data } = await api.POST('/contact/messages/', { body });
      return data as ContactMessageReceipt;
    },
  });
}
