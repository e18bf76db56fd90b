import { contactMessageBody, contactMessageResponse, type ContactMessageResponse } from '@contract/marketing';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export const contactMessageSchema = contactMessageBody;
export type ContactMessageFormValues = z.input<typeof contactMessageSchema>;
export type ContactMessageInput = z.output<typeof contactMessageSchema>;

export interface SendContactMessageVariables {
  body: ContactMessageInput;
  /** Made once per message, so a double submit or a retry is recognisable as the same message. */
  idempotencyKey: string;
}

export const sendContactMessageMutationKey = ['marketing', 'contact-message'] as const;

export async function sendContactMessage({
  body,
  idempotencyKey,
}: SendContactMessageVariables): Promise<ContactMessageResponse> {
  return contactMessageResponse.parse(
    await api<unknown>('/marketing/contact', {
      method: 'POST',
      // An empty optional field is left out rather than stored as ''.
      body: { ...body, organisation: body.organisation || undefined },
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export const sendContactMessageMutationOptions = () =>
  mutationOptions({
    mutationKey: sendContactMessageMutationKey,
    mutationFn: sendContactMessage,
    // The sender waits on the page for the answer; offline they get the network error at once and
    // can retry, rather than a message queued silently behind a success they never see.
    networkMode: 'always',
  });

export function useSendContactMessage() {
  return useMutation(sendContactMessageMutationOptions());
}
